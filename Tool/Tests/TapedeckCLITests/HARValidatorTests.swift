import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// Issue 34: our HAR export passes an independent HAR 1.2 validator, Debian's node-har-validator
/// (`make deps` installs it), and the same check fails on a copy with a required field removed, so
/// the test would see a broken export.
@Suite(.tags(.integration), .ownThread) struct HARValidatorTests {
    static let validatorFolder = "/usr/share/nodejs/har-validator"
    static let node = ChildProcess.which("node") ?? ChildProcess.which("nodejs")
    /// Only where Debian's packages install (dpkg); elsewhere the validator cannot be had.
    static let canRun = FileManager.default.fileExists(atPath: validatorFolder) || ChildProcess.which("dpkg-query") != nil

    static func validate(_ har: String) async throws -> ChildProcess.Finished {
        let node = try #require(node, "no node: run `make deps` (node-har-validator brings it)")
        return try await ChildProcess.run(
            node, [Peers.script("TapedeckCLITests", "validate_har.js"), har],
            environment: ["NODE_PATH": "/usr/share/nodejs"], seconds: 60)
    }

    @Test(
        .enabled(if: canRun, "node-har-validator is a Debian package: no dpkg here"),
        arguments: ["core-loop", "recovery", "five-minute-session"])
    func ourExportPassesNodeHarValidator(name: String) async throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.validatorFolder), "node-har-validator is missing: run `make deps`")
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("\(name).har").path
        let export = try await TapedeckBinary.run([
            "export", ChildProcess.repositoryRoot + "/Recordings/\(name).tape", "--format", "har", "-o", har,
        ])
        #expect(export.status == 0, "\(export.stderr)")
        let valid = try await Self.validate(har)
        #expect(valid.status == 0, "\(valid.standardOutput)\(valid.standardError)")
        #expect(valid.standardOutput == "valid\n")

        // The same file without its first entry's request.httpVersion, which HAR 1.2 requires.
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
        var log = try #require(root["log"] as? [String: Any])
        var entries = try #require(log["entries"] as? [[String: Any]])
        var request = try #require(entries[0]["request"] as? [String: Any])
        request["httpVersion"] = nil
        entries[0]["request"] = request
        log["entries"] = entries
        root["log"] = log
        let broken = directory.appendingPathComponent("broken.har").path
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: broken))
        let invalid = try await Self.validate(broken)
        #expect(invalid.status == 1)
        #expect(invalid.standardOutput.contains("httpVersion"), "\(invalid.standardOutput)")
    }
}
