import Foundation
import TapedeckChecks
import TapedeckState
import TapedeckTestFixtures
import Testing

@testable import TapedeckReplay

@Suite struct GoldenTests {
    static let checkpointNames = ["character-created", "claimed", "r5", "t3", "after-swipe", "end"]

    @Test func missingWritesAbsentGoldensAndFailsThatRunThenPasses() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let first = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        #expect(first.cases.map(\.name) == Self.checkpointNames + ["invariants", "tape"])
        #expect(first.failures.map(\.name) == Self.checkpointNames)
        #expect(first.failures.allSatisfy { $0.message.hasPrefix("no golden yet: wrote ") })
        #expect(first.recordedGoldens.count == 6)
        for name in Self.checkpointNames { #expect(fixtures.exists("session.golden/\(name).json")) }
        // The golden is the canonical pretty snapshot.
        let golden = try #require(fixtures.read("session.golden/claimed.json"))
        #expect(golden.contains("\"money\": 555"))
        #expect(golden.hasSuffix("}\n"))

        let second = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        #expect(second.passed)
        #expect(second.recordedGoldens.isEmpty)
        #expect(second.cases.first { $0.name == "claimed" }?.message == "matches its golden")
    }

    @Test func noneNeverWritesAndAMissingGoldenFails() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let report = TapeCheck.run(tape: tape, model: ClientState(), mode: .none)
        #expect(report.failures.map(\.name) == Self.checkpointNames)
        #expect(report.failures.allSatisfy { $0.message.hasPrefix("no golden at ") && $0.message.contains("never writes") })
        #expect(!fixtures.exists("session.golden"))
        #expect(report.recordedGoldens.isEmpty)
    }

    @Test func allRewritesGoldensThatDifferAndLeavesEqualOnesAlone() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        _ = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        let original = try #require(fixtures.read("session.golden/claimed.json"))
        try fixtures.write(
            original.replacingOccurrences(of: "\"money\": 555", with: "\"money\": 1"), to: "session.golden/claimed.json")

        // Without recording, the edited golden fails with a diff naming the field.
        let mismatch = TapeCheck.run(tape: tape, model: ClientState(), mode: .none)
        let failure = try #require(mismatch.failures.first)
        #expect(mismatch.failures.map(\.name) == ["claimed"])
        #expect(failure.message.contains("Changed: gameState.money"))
        #expect(failure.message.contains("− \(pad(1))money: 1\n+ \(pad(1))money: 555"))

        let rewrite = TapeCheck.run(tape: tape, model: ClientState(), mode: .all)
        #expect(rewrite.failures.map(\.name) == ["claimed"])
        #expect(rewrite.failures[0].message.hasPrefix("re-recorded "))
        #expect(rewrite.recordedGoldens.count == 1)
        #expect(fixtures.read("session.golden/claimed.json") == original)
        #expect(TapeCheck.run(tape: tape, model: ClientState(), mode: .none).passed)
    }

    @Test func aFlippedRuleFailsTheCheckpointWithADiffNamingTheField() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        _ = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)

        let report = TapeCheck.run(tape: tape, model: EnergyIgnoringModel(), mode: .none)
        // Before the first `u` the two models agree; after it, energy differs at every checkpoint.
        #expect(report.failures.map(\.name) == ["claimed", "r5", "t3", "after-swipe", "end"])
        let claimed = try #require(report.cases.first { $0.name == "claimed" })
        #expect(claimed.message.contains("Expected: −, Actual: +"))
        #expect(claimed.message.contains("Changed: gameState.energy"))
        #expect(claimed.message.contains("  gameState: {\n"))
        #expect(claimed.message.contains("− \(pad(1))energy: 98\n+ \(pad(1))energy: 100"))
        // The message that led to the checkpoint is named.
        #expect(claimed.message.contains("after record 10 (t=6.000s), marker \"claimed\""))
        let r5 = try #require(report.cases.first { $0.name == "r5" })
        #expect(r5.message.contains("after record 5 (t=2.097s), s2c u:\n{\n  \"message\": {\n    \"energy\": 98,"))
    }

    func pad(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
}
