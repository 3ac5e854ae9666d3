import Foundation

/// The process environment, read at the edge (the core never looks at it).
enum ProcessEnvironment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }
}
