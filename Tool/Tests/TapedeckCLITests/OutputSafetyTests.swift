import Foundation
import Testing

/// An output that is also an input is refused (exit 2) before anything is read or written, and
/// outputs are written beside their path and renamed, so a failure never leaves half a file
/// (issue 23, finding 3).
@Suite struct OutputSafetyTests {
    static let badClaim = TapedeckBinary.repositoryRoot.appendingPathComponent(
        "Tool/Tests/TapedeckTestFixtures/Fixtures/bad-claim.jsonl"
    )
    .path

    /// A folder holding `b.tape` (a failing tape), `s.jsonl`, `link.tape` -> `b.tape`.
    static func folder() async throws -> URL {
        let directory = try TapedeckBinary.directory()
        try FileManager.default.copyItem(atPath: badClaim, toPath: directory.appendingPathComponent("s.jsonl").path)
        let imported = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["import", "s.jsonl", "-o", "b.tape"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.tape").path, withDestinationPath: "b.tape")
        return directory
    }

    static func contents(_ directory: URL, _ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Runs in `directory` and expects a refusal naming the clash; no file of the folder changes.
    func expectRefused(
        _ arguments: [String], in directory: URL, mentioning output: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let tape = try Self.contents(directory, "b.tape")
        let lines = try Self.contents(directory, "s.jsonl")
        let result = try await TapedeckBinary.runProcess(try TapedeckBinary.executable(), arguments, in: directory)
        #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("tapedeck: error: "), sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains(output) && result.stderr.contains("is also an input"), "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try Self.contents(directory, "b.tape") == tape, "\(arguments)", sourceLocation: sourceLocation)
        #expect(try Self.contents(directory, "s.jsonl") == lines, "\(arguments)", sourceLocation: sourceLocation)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before, sourceLocation: sourceLocation
        )
    }

    @Test func reportShrinkAndImportRefuseToOverwriteTheirInput() async throws {
        let directory = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for output in ["b.tape", "./b.tape", "link.tape", directory.appendingPathComponent("b.tape").path] {
            try await expectRefused(["report", "b.tape", "-o", output], in: directory, mentioning: output)
            try await expectRefused(["shrink", "b.tape", "-o", output], in: directory, mentioning: output)
        }
        try await expectRefused(["report", "link.tape", "-o", "b.tape"], in: directory, mentioning: "b.tape")
        for output in ["b.tape", "./b.tape", "link.tape"] {
            try await expectRefused(["export", "b.tape", "-o", output], in: directory, mentioning: output)
        }
        try await expectRefused(["import", "s.jsonl", "-o", "s.jsonl"], in: directory, mentioning: "s.jsonl")
        try await expectRefused(
            ["import", "s.jsonl", "-o", "../\(directory.lastPathComponent)/s.jsonl"], in: directory, mentioning: "s.jsonl")
    }

    @Test func reportRefusesToOverwriteTheCheckpointsAndGoldensItReads() async throws {
        let directory = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("early: record 3\n".utf8).write(to: directory.appendingPathComponent("b.checkpoints"))
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("b.golden"), withIntermediateDirectories: true)
        try await expectRefused(["report", "b.tape", "-o", "b.checkpoints"], in: directory, mentioning: "b.checkpoints")
        try await expectRefused(
            ["report", "b.tape", "-o", "b.golden/early.json"], in: directory, mentioning: "b.golden/early.json")
    }

    @Test func checkRefusesAJUnitFileThatIsOneOfItsTapes() async throws {
        let directory = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("link.tape"))
        let folder = directory.lastPathComponent
        try await expectRefused(["check", ".", "--no-catalog", "--junit", "b.tape"], in: directory, mentioning: "b.tape")
        try await expectRefused(
            ["check", "../\(folder)", "--no-catalog", "--junit", "./b.tape"], in: directory, mentioning: "./b.tape")
        try await expectRefused(["check", ".", "--junit", "catalog.sqlite"], in: directory, mentioning: "catalog.sqlite")
        // A JUnit file elsewhere in the folder is fine, and is written whole.
        let result = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["check", ".", "--no-catalog", "--junit", "junit.xml"], in: directory)
        #expect(result.status == 1)
        #expect(try String(decoding: Self.contents(directory, "junit.xml"), as: UTF8.self).hasSuffix("</testsuites>\n"))
    }

    @Test func scenarioRunRefusesAJUnitFileThatIsItsScenarioOrTape() async throws {
        let directory = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("connect\nclose 1000\n".utf8).write(to: directory.appendingPathComponent("a.scenario"))
        try await expectRefused(
            ["scenario", "run", "a.scenario", "--reference", "--junit", "./a.scenario"], in: directory,
            mentioning: "./a.scenario")
        try await expectRefused(
            ["scenario", "run", "a.scenario", "--tape", "b.tape", "--junit", "link.tape"], in: directory,
            mentioning: "link.tape")
        // A JUnit report that can be written replaces its file whole: no temporary file is left.
        let run = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(),
            ["scenario", "run", "a.scenario", "--reference", "--junit", "report.xml"], in: directory)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(try String(decoding: Self.contents(directory, "report.xml"), as: UTF8.self).contains("<testsuite"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["a.scenario", "b.tape", "link.tape", "report.xml", "s.jsonl"])
    }

    @Test func aFailedImportLeavesTheOldTapeAndNoTemporaryFile() async throws {
        let directory = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("link.tape"))
        var lines = try Self.contents(directory, "s.jsonl")
        lines += Data("{\"seq\":99,\"t\":1,\"conn\":0,\"dir\":\"c2s\",\"kind\":\"open\"}\n".utf8) // time goes back
        try lines.write(to: directory.appendingPathComponent("bad.jsonl"))
        let tape = try Self.contents(directory, "b.tape")
        let result = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["import", "bad.jsonl", "-o", "b.tape"], in: directory)
        #expect(result.status == 2)
        #expect(try Self.contents(directory, "b.tape") == tape)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["b.tape", "bad.jsonl", "s.jsonl"])
    }

    @Test func outputsReplaceTheTargetOfASymlinkAndLeaveNoTemporaryFile() async throws {
        let directory = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = { (arguments: [String]) in
            try await TapedeckBinary.runProcess(try TapedeckBinary.executable(), arguments, in: directory)
        }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("page.html").path, withDestinationPath: "real.html")
        await #expect(try run(["report", "b.tape", "-o", "page.html"]).status == 1)
        await #expect(try run(["shrink", "b.tape", "-o", "min.tape"]).status == 0)
        await #expect(try run(["import", "s.jsonl", "-o", "again.tape"]).status == 0)
        await #expect(try run(["export", "b.tape", "-o", "s.jsonl"]).status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("page.html").path)
                == "real.html")
        #expect(try String(decoding: Self.contents(directory, "real.html"), as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["again.tape", "b.tape", "link.tape", "min.tape", "page.html", "real.html", "s.jsonl"])
        #expect(try Self.contents(directory, "again.tape") == Self.contents(directory, "b.tape"))
    }
}
