import TapedeckScenario
import TapedeckState

/// A game server living in the same process, driven in virtual time by `InProcessTransport`:
/// a scripted fake in tests, or a pure simulation.
package protocol InProcessServer: AnyObject {
    /// The connection opened; returns what the server sends at once.
    func open(at time: VirtualTime) -> [[UInt8]]
    /// A client message arrived; returns the server's answers, sent at once.
    func receive(_ message: [UInt8], at time: VirtualTime) -> [[UInt8]]
    /// When the server next sends something on its own (game ticks), strictly after `time`;
    /// nil when it never will.
    func nextPush(after time: VirtualTime) -> VirtualTime?
    /// What it sends on its own at `time` (a time `nextPush` returned).
    func push(at time: VirtualTime) -> [[UInt8]]
    /// Whether the server closed the connection after its last answer, and with what.
    var closeRequest: (code: UInt16, reason: String)? { get }
}

extension InProcessServer {
    package func open(at time: VirtualTime) -> [[UInt8]] { [] }
    package func nextPush(after time: VirtualTime) -> VirtualTime? { nil }
    package func push(at time: VirtualTime) -> [[UInt8]] { [] }
    package var closeRequest: (code: UInt16, reason: String)? { nil }
}

/// An in-process server that is only a function from a client message to the answers.
package final class ClosureServer: InProcessServer {
    package typealias Handler = ([UInt8]) -> [[UInt8]]
    private let handler: Handler
    private let greeting: [[UInt8]]

    /// `greeting`: what the server sends when the connection opens.
    package init(greeting: [[UInt8]] = [], handler: @escaping Handler) {
        self.handler = handler
        self.greeting = greeting
    }

    package func open(at time: VirtualTime) -> [[UInt8]] { greeting }
    package func receive(_ message: [UInt8], at time: VirtualTime) -> [[UInt8]] { handler(message) }
}
