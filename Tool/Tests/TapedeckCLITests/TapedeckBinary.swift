import Foundation
import TapedeckTestFixtures
import TestSupport

/// Runs the built `tapedeck` executable (`swift build --package-path Tool --build-tests` builds it beside the tests).
enum TapedeckBinary {
    static let repositoryRoot = URL(fileURLWithPath: ChildProcess.repositoryRoot)
    static let fixtures = URL(fileURLWithPath: TestTapes.sessionTape).deletingLastPathComponent()
    static var fixtureTape: String { TestTapes.sessionTape }
    static var fixtureJSONLines: String { TestTapes.sessionJSONLines }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "no tapedeck executable at \(TapedeckBinary.path); run `make build` or `swift build --package-path Tool --build-tests` first"
        }
    }

    static var path: String { ChildProcess.tapedeck }

    static func executable() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        return path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func directory() throws -> URL { try TestFolder("tapedeck-cli").url }

    /// Runs `tapedeck arguments...` to completion.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await runProcess(try executable(), arguments, environment: environment)
    }

    /// Runs `executable arguments...` to completion, with `environment` added to this process's
    /// and in `workingDirectory` when given (else the package root).
    static func runProcess(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        in workingDirectory: URL? = nil
    ) async throws -> Result {
        let finished = try await ChildProcess.run(
            executable, arguments, directory: workingDirectory?.path ?? ChildProcess.repositoryRoot,
            environment: environment)
        return Result(status: finished.status, stdout: finished.standardOutput, stderr: finished.standardError)
    }
}
