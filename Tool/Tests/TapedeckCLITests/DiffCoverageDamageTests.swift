import Foundation
import Testing

/// `diff` and `coverage` treat a tape cut short as `replay`, `check` and `info` do: a failure
/// (exit 1) named on stderr with where the tape ends; both exited 0 before (issue 34, finding 8).
@Suite struct DiffCoverageDamageTests {
    static let damage =
        "damaged at byte 1764 after record 14: block checksum mismatch or corrupt block (LZ4: ERROR_blockChecksum_invalid)"

    @Test func diffOfADamagedOrTruncatedTapeFails() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let damaged = try ReproDamageTests.damagedTape(in: directory)
        let diff = try await TapedeckBinary.run(["diff", TapedeckBinary.fixtureTape, damaged])
        #expect(diff.status == 1, "\(diff.stdout)")
        #expect(diff.stderr == "tapedeck: error: \(damaged): \(Self.damage); compared up to its 14 intact records\n")

        let cut = try ReproDamageTests.truncatedTape(in: directory)
        let both = try await TapedeckBinary.run(["diff", cut, damaged])
        #expect(both.status == 1)
        #expect(both.stderr.hasPrefix("tapedeck: error: \(cut): truncated after record 14 at byte "), "\(both.stderr)")
        #expect(
            both.stderr.hasSuffix(
                "; compared up to its 14 intact records\n\(damaged): \(Self.damage); compared up to its 14 intact records\n"))

        let whole = try await TapedeckBinary.run(["diff", TapedeckBinary.fixtureTape, TapedeckBinary.fixtureTape])
        #expect(whole.status == 0)
        #expect(whole.stderr.isEmpty)
    }

    @Test func coverageOfADamagedOrTruncatedTapeFails() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let damaged = try ReproDamageTests.damagedTape(in: directory)
        let coverage = try await TapedeckBinary.run(["coverage", TapedeckBinary.fixtureTape, damaged])
        #expect(coverage.status == 1)
        #expect(
            coverage.stderr
                == "tapedeck: error: \(damaged): \(Self.damage)\nonly the intact records of these tapes were counted\n")
        #expect(!coverage.stdout.isEmpty)

        let cut = try ReproDamageTests.truncatedTape(in: directory)
        let truncated = try await TapedeckBinary.run(["coverage", "--json", cut])
        #expect(truncated.status == 1)
        #expect(truncated.stderr.hasPrefix("tapedeck: error: \(cut): truncated after record 14 at byte "), "\(truncated.stderr)")

        let whole = try await TapedeckBinary.run(["coverage", TapedeckBinary.fixtureTape])
        #expect(whole.status == 0)
        #expect(whole.stderr.isEmpty)
    }
}
