import ArgumentParser
import Foundation
import TapedeckTape
import Testing

@testable import TapedeckCLI

/// `tapedeck check` end to end on a folder: exit codes, goldens, the catalog and `history`.
@Suite struct CheckCommandTests {
    func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "tapedeck-check-command-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func writeTape(_ path: String) throws {
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests"))
        try writer.append(TapeRecord(time: 0, direction: .c2s, kind: .open))
        for index in 1...40 {
            let text = #"{"type":"u","message":{"energy":\#(100 - index),"minuteOfHour":\#(index % 60)}}"#
            try writer.append(
                TapeRecord(time: UInt64(index) * 100_000_000, direction: .s2c, kind: .text, payload: Array(text.utf8)))
        }
        try writer.append(TapeRecord(time: 4_100_000_000, direction: .note, kind: .marker, payload: Array("done".utf8)))
        try writer.close()
        try Data("half: time 2s\ndone: marker done\n".utf8).write(to: URL(fileURLWithPath: TapeFilesForTests.checkpoints(path)))
    }

    /// Runs `tapedeck ARGS` and returns its exit code.
    func exitCode(_ arguments: [String]) async -> Int32 {
        do {
            var command = try TapedeckCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            // As TapedeckCommand.runAsync: bad usage (ArgumentParser's 64) exits 2.
            let code = TapedeckCommand.exitCode(for: error)
            return code == .validationFailure ? 2 : code.rawValue
        }
    }

    @Test func exitCodesFollowWhatPassedFailedOrCouldNotBeRead() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeTape(folder + "/a.tape")
        // First run writes the goldens and fails; the second verifies them.
        #expect(await exitCode(["check", folder, "--label", "one"]) == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/a.golden/half.json"))
        #expect(await exitCode(["check", folder, "--label", "two", "--record", "none"]) == 0)

        // A truncated copy fails (1) while the good tape still passes.
        let data = try #require(FileManager.default.contents(atPath: folder + "/a.tape"))
        try data.prefix(data.count - 30).write(to: URL(fileURLWithPath: folder + "/b.tape"))
        let junit = folder + "/junit.xml"
        #expect(await exitCode(["check", folder, "--record", "none", "--no-catalog", "--junit", junit]) == 1)
        let xml = String(decoding: try #require(FileManager.default.contents(atPath: junit)), as: UTF8.self)
        #expect(xml.contains("<testsuite name=\"\(folder)/a.tape\" tests=\"4\" failures=\"0\""))
        #expect(xml.contains("truncated after record"))

        // Something that is not a tape makes the input unreadable (2), which wins over failures.
        try Data("hello".utf8).write(to: URL(fileURLWithPath: folder + "/c.tape"))
        #expect(await exitCode(["check", folder, "--record", "none", "--no-catalog"]) == 2)
        // Bad usage and a missing folder are 2 as well.
        #expect(await exitCode(["check", folder, "--shard", "3/2"]) == 2)
        #expect(await exitCode(["check", folder, "--record", "sometimes"]) == 2)
        #expect(await exitCode(["check", folder + "/nowhere", "--no-catalog"]) == 2)
        // Shard 1/3 holds only a.tape, which passes.
        #expect(await exitCode(["check", folder, "--record", "none", "--no-catalog", "--shard", "1/3"]) == 0)
    }

    @Test func historyShowsWhereACheckpointBeganFailing() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeTape(folder + "/a.tape")
        _ = await exitCode(["check", folder, "--label", "one"])
        #expect(await exitCode(["check", folder, "--label", "two"]) == 0)
        let golden = folder + "/a.golden/done.json"
        let text = String(decoding: try #require(FileManager.default.contents(atPath: golden)), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"energy\": 60", with: "\"energy\": 61").utf8).write(
            to: URL(fileURLWithPath: golden))
        #expect(await exitCode(["check", folder, "--label", "three", "--record", "none"]) == 1)
        #expect(await exitCode(["history", folder + "/a.tape"]) == 0)

        let store = try TapedeckCatalogAccess.histories(catalog: folder + "/catalog.sqlite", tape: "a.tape")
        let done = try #require(store.first { $0.checkpoint == "done" })
        #expect(done.summary.hasPrefix("first failed at run 3 (three, "))
        #expect(done.summary.contains(" after passing at run 2 (two, "))
        #expect(store.first { $0.checkpoint == "half" }?.summary == "passing (3 runs)")
    }
}

enum TapeFilesForTests {
    static func checkpoints(_ tape: String) -> String { String(tape.dropLast(5)) + ".checkpoints" }
}
