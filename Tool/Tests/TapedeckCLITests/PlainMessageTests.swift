import Foundation
import Testing

/// Messages that say what is wrong and what to do, each path once (issue 23, finding 11).
@Suite struct PlainMessageTests {
    @Test func checkOnATapeFileSaysItIsAFileAndWhatToRunInstead() async throws {
        let tape = TapedeckBinary.fixtureTape
        let result = try await TapedeckBinary.run(["check", tape, "--no-catalog"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("no such folder"))
        #expect(
            result.stderr == "tapedeck: error: \(tape) is a file, not a folder: `tapedeck check` checks every tape of a folder. "
                + "Replay this one tape with `tapedeck replay \(tape)`, or check its folder: `tapedeck check \(TapedeckBinary.fixtures.path)`.\n"
        )
        let missing = try await TapedeckBinary.run(["check", "/nonexistent-tapedeck-folder", "--no-catalog"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent-tapedeck-folder: no such folder"))
    }

    @Test func bugReportCommandsNameTheTapeOnce() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.tape").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: TapedeckBinary.fixtureTape))
        bytes[40] ^= 0xFF // damage in the header's block: nothing can be read
        let damaged = directory.appendingPathComponent("bad.tape").path
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let page = directory.appendingPathComponent("p.html").path
        let small = directory.appendingPathComponent("s.tape").path
        for tape in [missing, damaged] {
            for arguments in [
                ["repro", tape], ["shrink", tape, "-o", small], ["report", tape, "-o", page],
                ["inspect", tape, "--at", "0"], ["diff", TapedeckBinary.fixtureTape, tape],
            ] {
                let result = try await TapedeckBinary.run(arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr.hasPrefix("tapedeck: error: \(tape): "), "\(arguments): \(result.stderr)")
                #expect(result.stderr.components(separatedBy: tape).count == 2, "\(arguments): \(result.stderr)")
            }
        }
    }

    @Test func catalogRebuildOfAMissingFolderSaysSo() async throws {
        let result = try await TapedeckBinary.run(["catalog", "rebuild", "/nonexistent-tapedeck-folder"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("SQLite"))
        #expect(
            result.stderr
                == "tapedeck: error: /nonexistent-tapedeck-folder: no such folder. Pass the recording folder that holds the tapes.\n"
        )
        let file = try await TapedeckBinary.run(["catalog", "rebuild", TapedeckBinary.fixtureTape])
        #expect(file.status == 2)
        #expect(
            file.stderr
                == "tapedeck: error: \(TapedeckBinary.fixtureTape) is a file, not a folder. Pass the recording folder that holds the tapes.\n"
        )
    }

    @Test func recordRefusesAnEmptyLabelAsTagDoes() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for label in ["", "=x"] {
            let record = try await TapedeckBinary.run([
                "record", "--upstream", "ws://127.0.0.1:1", "--label", label,
                "--no-catalog", "--out", directory.path,
            ])
            #expect(record.status == 2)
            #expect(record.stderr.contains("--label needs a NAME or KEY=VALUE (got \"\(label)\")"))
        }
    }

    @Test func docsSayOptionErrorsExit2() throws {
        for doc in ["docs/REPLAY.md", "docs/SCENARIOS.md"] {
            let text = try String(contentsOf: TapedeckBinary.repositoryRoot.appendingPathComponent(doc), encoding: .utf8)
            #expect(!text.contains("| 64 |") && !text.contains("**64**"), "\(doc)")
        }
    }
}
