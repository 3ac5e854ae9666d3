import Foundation
import TapedeckChecks
import TapedeckCore
import TapedeckTestFixtures
import TapedeckTesting
import Testing

@Suite struct TapeTestingTests {
    @Test func assertingCheckpointsThrowsAFailureWhoseDescriptionIsTheDiff() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        #expect(throws: TapeTestFailure.self) { try TapeTesting.assertCheckpoints(tape: tape, model: ClientState()) }
        try TapeTesting.assertCheckpoints(tape: tape, model: ClientState(), record: .none)

        do {
            try TapeTesting.assertCheckpoints(tape: tape, model: EnergyIgnoringModel(), record: .none)
            Issue.record("the flipped rule should fail")
        } catch {
            #expect(error.failures.map(\.name) == ["claimed", "r5", "t3", "after-swipe", "end"])
            #expect(error.description.contains("Changed: gameState.energy"))
        }
        var reported: [String] = []
        let passed = TapeTesting.assertCheckpoints(tape: tape, model: EnergyIgnoringModel(), record: .none) {
            reported.append($0)
        }
        #expect(!passed)
        #expect(reported.count == 5)
        #expect(reported[0].hasPrefix("\(tape): claimed:\ncheckpoint claimed (marker \"claimed\") differs from its golden"))
    }

    @Test func comparingTwoModelsFindsTheFirstDivergingRecord() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        #expect(try compare(ClientState(), ClientState(), tape: tape) == nil)
        let divergence = try #require(try compare(ClientState(), EnergyIgnoringModel(), tape: tape))
        #expect(divergence.position.record == 4)
        #expect(divergence.input == .server(.update(PartialUpdate(energy: 99, hourOfDay: 8, minuteOfHour: 10))))
        #expect(divergence.diff.changedPaths == ["gameState.energy"])
        #expect(divergence.description.hasPrefix("the models differ after record 4 (t=1.097s), s2c u"))
    }

    @Test func aDigestTraceWrittenForAModelIsReadBackAndComparedRecordByRecord() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let ours = fixtures.directory + "/ours.jsonl"
        let theirs = fixtures.directory + "/theirs.jsonl"
        #expect(try TapeTesting.writeDigestTrace(tapes: [tape], model: ClientState(), to: ours) == 22)
        try TapeTesting.writeDigestTrace(tapes: [tape], model: EnergyIgnoringModel(), to: theirs)
        let a = try DigestTrace.read(ours)
        let b = try DigestTrace.read(theirs)
        #expect(a.count == 22 && a.map(\.record) == Array(0..<22))
        #expect(DigestTrace.firstDifference(expected: a, actual: a) == nil)
        let difference = try #require(DigestTrace.firstDifference(expected: b, actual: a))
        #expect(difference.expected?.record == 4)
        #expect(a[3].digest == b[3].digest)

        try fixtures.write("{\"tape\":0,\"record\":0,\"digest\":\"x\"}\n{\"tape\":0,\"record\":\"one\"}\n", to: "bad.jsonl")
        #expect(
            throws: TextFileError(
                path: fixtures.directory + "/bad.jsonl", line: 2, column: 1,
                message: "expected {\"tape\": integer, \"record\": integer, \"digest\": string}")
        ) {
            try DigestTrace.read(fixtures.directory + "/bad.jsonl")
        }
    }
}
