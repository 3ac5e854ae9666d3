import Foundation
import Testing

/// Exit codes and output of repro, inspect, shrink, promote and diff through the executable.
@Suite struct ReproCommandTests {
    static let badClaim = TapedeckBinary.repositoryRoot.appendingPathComponent(
        "Tool/Tests/TapedeckTestFixtures/Fixtures/bad-claim.jsonl"
    )
    .path

    @Test func reproInspectShrinkPromoteAndDiffExitCodes() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = directory.appendingPathComponent("bug.tape").path
        #expect(try await TapedeckBinary.run(["import", Self.badClaim, "-o", tape]).status == 0)

        let repro = try await TapedeckBinary.run(["repro", tape])
        #expect(repro.status == 1)
        #expect(repro.stdout.hasPrefix("failure at record 9 (t=5.310s): invariant claimResult.answersClaim"))
        #expect(try await TapedeckBinary.run(["repro", tape, "--until", "gameState.energy <"]).status == 2)
        #expect(try await TapedeckBinary.run(["repro", directory.appendingPathComponent("none.tape").path]).status == 2)

        let inspect = try await TapedeckBinary.run(["inspect", tape, "--at", "5", "--path", "gameState.energy"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout == "98\n")
        #expect(try await TapedeckBinary.run(["inspect", tape, "--at", "soon"]).status == 2)

        let small = directory.appendingPathComponent("min.tape").path
        let shrink = try await TapedeckBinary.run(["shrink", tape, "-o", small])
        #expect(shrink.status == 0)
        #expect(shrink.stdout.contains("records kept (original numbers): 0 9"))
        #expect(shrink.stderr.contains("shrink: done, 2 records"))
        #expect(try await TapedeckBinary.run(["repro", small]).stdout.hasPrefix("failure at record 1 "))

        let recordings = directory.appendingPathComponent("Recordings").path
        #expect(try await TapedeckBinary.run(["promote", small, "--name", "ghost-claim", "--dir", recordings]).status == 0)
        #expect(try await TapedeckBinary.run(["check", recordings, "--record", "none"]).status == 1)

        #expect(try await TapedeckBinary.run(["diff", tape, tape]).status == 0)
        let diff = try await TapedeckBinary.run(["diff", tape, small])
        #expect(diff.status == 1)
        #expect(diff.stdout.hasPrefix("messages diverge at record 1"))
    }
}
