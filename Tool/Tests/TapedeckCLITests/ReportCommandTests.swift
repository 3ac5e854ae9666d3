import Foundation
import Testing

/// `tapedeck report` through the executable: what it writes and its exit codes.
@Suite struct ReportCommandTests {
    @Test func reportExitCodesAndOutput() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("session.html").path

        let healthy = try await TapedeckBinary.run(["report", TapedeckBinary.fixtureTape, "-o", page])
        #expect(healthy.status == 0, "\(healthy.stderr)")
        #expect(healthy.stdout.hasPrefix("wrote \(page): "))
        #expect(healthy.stdout.contains(", no failure"))
        let first = try Data(contentsOf: URL(fileURLWithPath: page))
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        // The same tape again: the same bytes.
        #expect(try await TapedeckBinary.run(["report", TapedeckBinary.fixtureTape, "-o", page]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: page)) == first)

        let bug = directory.appendingPathComponent("bug.tape").path
        #expect(try await TapedeckBinary.run(["import", ReproCommandTests.badClaim, "-o", bug]).status == 0)
        let failing = try await TapedeckBinary.run(["report", bug, "-o", directory.appendingPathComponent("bug.html").path])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("first failure at record 9 (t=5.310s): invariant claimResult.answersClaim"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bug.html").path))

        let predicate = try await TapedeckBinary.run([
            "report", TapedeckBinary.fixtureTape, "--until", "gameState.energy < 99",
            "-o", directory.appendingPathComponent("until.html").path,
        ])
        #expect(predicate.status == 1)
        #expect(predicate.stdout.contains("predicate gameState.energy < 99"))

        let missing = try await TapedeckBinary.run([
            "report", directory.appendingPathComponent("none.tape").path, "-o",
            directory.appendingPathComponent("none.html").path,
        ])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("none.tape"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("none.html").path))
        let badPredicate = try await TapedeckBinary.run([
            "report", TapedeckBinary.fixtureTape, "--until", "gameState.energy <", "-o", page,
        ])
        #expect(badPredicate.status == 2)
        #expect(badPredicate.stderr.contains("bad --until predicate"))
        let noTape = try await TapedeckBinary.run(["report", "-o", page])
        #expect(noTape.status == 2)
        #expect(noTape.stderr.contains("give at least one tape"))
        let noOutput = try await TapedeckBinary.run(["report", TapedeckBinary.fixtureTape])
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("-o report.html"))
        let unwritable = try await TapedeckBinary.run([
            "report", TapedeckBinary.fixtureTape, "-o", directory.appendingPathComponent("no/such/dir/r.html").path,
        ])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("cannot write the report"))
    }
}
