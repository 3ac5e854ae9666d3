import Foundation
import Testing

/// `repro` and `report` treat a tape cut short as `replay` and `check` do: a failure (exit 1), said
/// in words; `repro` refuses a golden that is not JSON (issue 23, finding 8).
@Suite struct ReproDamageTests {
    /// The fixture with a byte of its last block flipped: 14 intact records, then damage.
    static func damagedTape(in directory: URL) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: TapedeckBinary.fixtureTape))
        bytes[bytes.count - 30] ^= 0xFF
        let path = directory.appendingPathComponent("damaged.tape").path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func truncatedTape(in directory: URL) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TapedeckBinary.fixtureTape))
        let path = directory.appendingPathComponent("cut.tape").path
        try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func reproCallsADamagedOrTruncatedTapeAFailure() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let damaged = try Self.damagedTape(in: directory)
        let replay = try await TapedeckBinary.run(["replay", damaged])
        #expect(replay.status == 1)

        let repro = try await TapedeckBinary.run(["repro", damaged])
        #expect(repro.status == 1)
        #expect(
            repro.stdout == "no failure in the 14 intact records of \(damaged), but the tape is cut short: "
                + "damaged at byte 1764 after record 14: block checksum mismatch or corrupt block (LZ4: ERROR_blockChecksum_invalid). "
                + "The records after it are lost.\n")
        #expect(!repro.stdout.contains("afterRecords"))

        let cut = try Self.truncatedTape(in: directory)
        let truncated = try await TapedeckBinary.run(["repro", cut])
        #expect(truncated.status == 1)
        #expect(
            truncated.stdout.hasPrefix(
                "no failure in the 14 intact records of \(cut), but the tape is cut short: truncated after record 14 at byte "))
    }

    @Test func reproNotesTheDamageAfterAFailure() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let damaged = try Self.damagedTape(in: directory)
        let repro = try await TapedeckBinary.run(["repro", damaged, "--until", "gameState.energy < 100"])
        #expect(repro.status == 1)
        #expect(repro.stdout.hasPrefix("failure at record "))
        #expect(
            repro.stdout.hasSuffix(
                "note: the tape is cut short after its 14 intact records: damaged at byte 1764 after record 14: "
                    + "block checksum mismatch or corrupt block (LZ4: ERROR_blockChecksum_invalid)\n"))
    }

    @Test func reportCallsADamagedTapeAFailure() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let damaged = try Self.damagedTape(in: directory)
        let page = directory.appendingPathComponent("page.html").path
        let report = try await TapedeckBinary.run(["report", damaged, "-o", page])
        #expect(report.status == 1)
        #expect(
            report.stdout == "wrote \(page): 14 records, no failure in the intact records, but \(damaged) is cut short: "
                + "damaged at byte 1764 after record 14: block checksum mismatch or corrupt block (LZ4: ERROR_blockChecksum_invalid)\n"
        )
        #expect(FileManager.default.fileExists(atPath: page))

        let whole = try await TapedeckBinary.run(["report", TapedeckBinary.fixtureTape, "-o", page])
        #expect(whole.status == 0)
        #expect(whole.stdout == "wrote \(page): 15 records, no failure\n")
    }

    /// Issue 41, finding 6: `inspect` exited 0 with nothing on stderr, the state simply stopping at the cut.
    @Test func inspectCallsATapeCutShortAFailureAndStillPrintsTheState() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try await TapedeckBinary.run([
            "inspect", TapedeckBinary.fixtureTape, "--at", "3", "--path", "gameState.energy",
        ])
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
        for tape in [try Self.truncatedTape(in: directory), try Self.damagedTape(in: directory)] {
            let inspect = try await TapedeckBinary.run(["inspect", tape, "--at", "3", "--path", "gameState.energy"])
            #expect(inspect.status == 1)
            #expect(inspect.stdout == whole.stdout, "the state from the intact records")
            #expect(
                inspect.stderr.hasPrefix("tapedeck inspect: note: \(tape) is cut short after its 14 intact records ("),
                "\(inspect.stderr)")
            #expect(inspect.stderr.hasSuffix("); the state is theirs, what came after the cut is lost\n"))
        }
    }

    /// Issue 51, finding 9: `repro` fails a cut-short tape (exit 1); `shrink` and `promote` said
    /// "does not fail". They say it is cut short, and that the cut is all that fails it.
    @Test func shrinkAndPromoteSayATapeIsCutShort() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for tape in [try Self.truncatedTape(in: directory), try Self.damagedTape(in: directory)] {
            #expect(try await TapedeckBinary.run(["repro", tape]).status == 1)
            let small = directory.appendingPathComponent("small.tape").path
            let shrink = try await TapedeckBinary.run(["shrink", tape, "-o", small])
            #expect(shrink.status == 1)
            #expect(!shrink.stderr.contains("does not fail"), "\(shrink.stderr)")
            #expect(
                shrink.stderr.contains("no failure in the 14 intact records of \(tape), but the tape is cut short: "),
                "\(shrink.stderr)")
            #expect(shrink.stderr.contains("only the cut fails it (as `tapedeck repro` says)"), "\(shrink.stderr)")
            #expect(!FileManager.default.fileExists(atPath: small))
            let promote = try await TapedeckBinary.run([
                "promote", tape, "--name", "cut", "--dir", directory.appendingPathComponent("rec").path,
            ])
            #expect(promote.status == 2)
            #expect(!promote.stderr.contains("does not fail"), "\(promote.stderr)")
            #expect(promote.stderr.contains("but the tape is cut short: "), "\(promote.stderr)")
            #expect(promote.stderr.contains("a cut has no record for a checkpoint: nothing to promote"), "\(promote.stderr)")
        }
    }

    @Test func reproRefusesAGoldenThatIsNotJSON() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = directory.appendingPathComponent("s.tape").path
        try FileManager.default.copyItem(atPath: TapedeckBinary.fixtureTape, toPath: tape)
        try Data("start: record 2\n".utf8).write(to: directory.appendingPathComponent("s.checkpoints"))
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("s.golden"), withIntermediateDirectories: true)
        let golden = directory.appendingPathComponent("s.golden/start.json").path
        try Data("{bad".utf8).write(to: URL(fileURLWithPath: golden))
        let repro = try await TapedeckBinary.run(["repro", tape])
        #expect(repro.status == 2)
        #expect(repro.stdout.isEmpty)
        #expect(repro.stderr.hasPrefix("tapedeck: error: \(golden): the golden of checkpoint start is not JSON: "))
    }
}
