import TapedeckChecks
import TapedeckCore
import TapedeckProtocol
import TapedeckState
import TapedeckTestFixtures
import Testing

@testable import TapedeckReplay

@Suite struct InvariantStopTests {
    @Test func aClaimResultForAnEventNeverClaimedStopsAtThatRecord() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "bad-claim")
        let result = try TapeReplay(tapes: [tape], model: ClientState()).run()
        guard case .invariant(let stop)? = result.stop else {
            Issue.record("expected an invariant stop, got \(String(describing: result.stop))")
            return
        }
        #expect(stop.position.record == 9)
        #expect(stop.names == ["claimResult.answersClaim"])
        #expect(result.statistics.records == 10)
        #expect(stop.input == .server(.claimResult(ClaimResult(eventId: "ev-404", accepted: true))))
        let report = stop.report
        #expect(
            report.hasPrefix(
                "invariant broken at record 9 (t=5.310s), s2c claimResult: claimResult.answersClaim: "
                    + "claimResult (accepted: true) for event \"ev-404\", but the client sent no claimEvent for it in this session"
            ))
        #expect(report.contains("\"eventId\": \"ev-404\""))
        // The state rules ignore such a result, so before and after are the same state.
        #expect(stop.before == stop.after)
        #expect(report.hasSuffix("the record did not change the state"))
        // Checkpoints after the stop are reported as not reached, with the reason.
        var withCheckpoints = TapeReplay(tapes: [tape], model: ClientState())
        withCheckpoints.checkpoints = [0: [Checkpoint(name: "late", trigger: .end)]]
        let stopped = try withCheckpoints.run()
        #expect(
            stopped.unreached.map(\.reason) == ["the replay stopped at record 9 (t=5.310s): invariant claimResult.answersClaim"])
    }

    @Test func aModelRuleViolationStopsWithTheStateBeforeAndAfter() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        // A model whose claim rule forgets to lower the unclaimed counter.
        let result = try TapeReplay(tapes: [tape], model: CounterForgettingModel()).run()
        guard case .invariant(let stop)? = result.stop else {
            Issue.record("expected an invariant stop")
            return
        }
        #expect(stop.position.record == 7)
        #expect(stop.names == ["claimable.unclaimedCount"])
        #expect(stop.before.value(at: "claimable.events[0].claimed") == .bool(false))
        #expect(stop.after.value(at: "claimable.events[0].claimed") == .bool(true))
        #expect(stop.report.contains("state before (−) and after (+) the record:"))
        #expect(stop.report.contains("−       claimed: false\n+       claimed: true"))
    }

    @Test func theCheckCaseForInvariantsCarriesTheStop() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "bad-claim")
        let report = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        let invariants = try #require(report.cases.first { $0.name == "invariants" })
        #expect(!invariants.passed)
        #expect(invariants.message.contains("claimResult.answersClaim"))
        // Checkpoints before the stop were still checked (and recorded); later ones were not reached.
        #expect(report.cases.first { $0.name == "character-created" }?.message.hasPrefix("no golden yet") == true)
        #expect(report.cases.first { $0.name == "after-swipe" }?.message.contains("invariant claimResult.answersClaim") == true)
    }
}

/// ClientState whose claims do not lower `unclaimedEventCount`: a state rule broken on purpose.
struct CounterForgettingModel: ClientModel {
    var state = ClientState()

    mutating func receive(_ message: ServerMessage, at time: VirtualTime) { state.receive(message, at: time) }
    mutating func send(_ message: ClientMessage, at time: VirtualTime) {
        let count = state.claimable.unclaimedEventCount
        state.send(message, at: time)
        if case .claimEvent = message { state.claimable.unclaimedEventCount = count }
    }
    mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime) { state.connectionChanged(event, at: time) }
    func snapshot() -> JSONValue { state.snapshot() }
    mutating func checkInvariants() -> [InvariantViolation] { state.checkInvariants() }
}
