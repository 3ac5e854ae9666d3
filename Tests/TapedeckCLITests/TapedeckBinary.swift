import Foundation

/// Runs the built `tapedeck` executable (`swift build --build-tests` builds it beside the tests).
enum TapedeckBinary {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/TapedeckTapeTests/Fixtures")
    static var fixtureTape: String { fixtures.appendingPathComponent("baolife-session.tape").path }
    static var fixtureJSONLines: String { fixtures.appendingPathComponent("baolife-session.jsonl").path }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "no tapedeck executable at \(TapedeckBinary.path); run `swift build --build-tests` first" }
    }

    static var path: String { packageRoot.appendingPathComponent(".build/debug/tapedeck").path }

    static func executable() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        return path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `tapedeck arguments...` to completion; output goes through files so any size is fine.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try runProcess(try executable(), arguments, environment: environment)
    }

    /// Runs `executable arguments...` to completion, with `environment` added to this process's
    /// and in `workingDirectory` when given; output goes through files so any size is fine.
    static func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           in workingDirectory: URL? = nil) throws -> Result {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close(); try err.close()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
