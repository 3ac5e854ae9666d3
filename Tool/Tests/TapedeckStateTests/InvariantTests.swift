import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct InvariantTests {
    @Test func aConsistentStateHasNoViolations() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 5)), at: Fixtures.t1)
        #expect(state.invariantViolations().isEmpty)
    }

    @Test func aWrongUnclaimedCountIsReported() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 5)), at: Fixtures.t1)
        state.claimable.unclaimedEventCount = 3
        #expect(state.invariantViolations().map(\.name) == ["claimable.unclaimedCount"])
        #expect(state.invariantViolations()[0].message == "unclaimedEventCount is 3 but 1 claimable events are unclaimed")
    }

    @Test func moreThanFiftyEventsIsReported() {
        var state = ClientState()
        state.claimable.events = (0...50).map { ClaimableEvent(event: Fixtures.lifeEvent("e\($0)")) }
        #expect(state.invariantViolations().map(\.name) == ["claimable.capacity"])
    }

    @Test func duplicateEventIdsAndClaimedWithoutATimeAreReported() {
        var state = ClientState()
        state.claimable.events = [
            ClaimableEvent(event: Fixtures.lifeEvent("e1")),
            ClaimableEvent(event: Fixtures.lifeEvent("e1"), claimed: true),
        ]
        #expect(state.invariantViolations().map(\.name) == ["claimable.uniqueIds", "claimable.claimedAt"])
    }

    @Test func aCurrentQuestionOtherThanTheHeadIsReported() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        _ = state.apply(.questionEvent(Fixtures.question("q2")), at: Fixtures.t1)
        state.questions.currentQuestionId = "q2"
        let violations = state.invariantViolations()
        #expect(violations.map(\.name) == ["questions.currentIsHead"])
        #expect(violations[0].message == "the current question is \"q2\" but the queue's head is \"q1\"")
    }

    @Test func aDuplicateQueuedQuestionIsReported() {
        var state = ClientState()
        state.questions.questions = [Fixtures.question("q1"), Fixtures.question("q1")]
        state.questions.currentQuestionId = "q1"
        #expect(state.invariantViolations().map(\.name) == ["questions.uniqueIds"])
    }

    @Test func aNegativeResourceIsAllowedOnlyFromTheServer() {
        var state = ClientState()
        _ = state.apply(.update(PartialUpdate(energy: -3, diamonds: -1)), at: .zero)
        #expect(state.invariantViolations().isEmpty)
        state.gameState.energyWriter = .client
        let violations = state.invariantViolations()
        #expect(violations.map(\.name) == ["gameState.energy.nonNegative"])
        #expect(
            violations[0].description
                == "gameState.energy.nonNegative: energy is -3, written by the client; only the server may set a negative value")
    }

    @Test func aClientChangeOnAServerNegativeValueFloorsAtZero() {
        var state = ClientState()
        _ = state.apply(.update(PartialUpdate(money: -50)), at: .zero)
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 20)), at: .zero)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: .zero)
        #expect(state.gameState.money == 0)
        #expect(state.gameState.moneyWriter == .client)
        #expect(state.invariantViolations().isEmpty)
    }
}
