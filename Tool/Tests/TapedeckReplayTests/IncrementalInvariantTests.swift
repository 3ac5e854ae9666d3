import TapedeckProtocol
import TapedeckSynthetic
import TestSupport
import Testing

@testable import TapedeckState

/// `checkInvariants()` re-checks only what changed; after every input and every direct edit it
/// must agree with the full `invariantViolations()`.
@Suite(.cpuBound) struct IncrementalInvariantTests {
    @Test func theIncrementalCheckAgreesWithTheFullCheckOnASyntheticStreamWithEdits() {
        var stream = SyntheticMessages(seed: 7)
        var state = ClientState()
        var disagreements = 0
        var violationsSeen = 0
        for index in 0..<5_000 {
            let time = VirtualTime(nanoseconds: UInt64(index) * 1_000_000)
            let message = stream.next()
            _ = state.apply(message, at: time)
            if case .questionEvent(let question) = message, index % 3 == 0, let option = question.options.first {
                _ = state.apply(.answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id)), at: time)
            }
            if case .messageEvent(let event) = message, index % 2 == 0 {
                _ = state.apply(.claimEvent(ClaimEvent(eventId: event.id, timestamp: "t")), at: time)
            }
            // Break and repair rules behind the state machine's back.
            switch index % 500 {
            case 100: state.claimable.unclaimedEventCount += 1
            case 101: state.claimable.unclaimedEventCount -= 1
            case 200: if let first = state.claimable.events.first { state.claimable.events.append(first) }
            case 201: if state.claimable.events.count > 1 { state.claimable.events.removeLast() }
            case 300: state.questions.currentQuestionId = "nobody"
            case 301: state.questions.currentQuestionId = state.questions.questions.first?.id
            default: break
            }
            let incremental = state.checkInvariants()
            if incremental != state.invariantViolations() { disagreements += 1 }
            if !incremental.isEmpty { violationsSeen += 1 }
        }
        #expect(disagreements == 0)
        #expect(violationsSeen >= 30)
    }

    @Test func bookkeepingDoesNotMakeEqualStatesUnequal() {
        var checked = ClientState()
        _ = checked.apply(.messageEvent(LifeEvent(id: "e1", message: "won", date: "d", hour: 1, moneyCost: 5)), at: .zero)
        var unchecked = checked
        _ = checked.checkInvariants()
        unchecked.claimable.unclaimedEventCount += 0
        #expect(checked == unchecked)
    }
}

/// Categories are whole lowercased words, whatever path the text takes (ASCII or not).
@Suite struct EventCategoryWordTests {
    @Test func nonASCIITextTakesTheUnicodePath() {
        let event = LifeEvent(id: "e", message: "Surprise café party with friends", date: "d", hour: 1)
        #expect(EventCategory.categorize(event) == .social)
        #expect(
            EventCategory.categorize(LifeEvent(id: "e", message: "You won a prize at school", date: "d", hour: 1)) == .achievement
        )
        #expect(EventCategory.categorize(LifeEvent(id: "e", message: "Wonderful homework", date: "d", hour: 1)) == .education)
        #expect(
            EventCategory.categorize(LifeEvent(id: "e", message: "Nothing here", type: "finance", date: "d", hour: 1)) == .neutral
        )
    }
}

@Suite struct PushedFrontTests {
    @Test func onlyUnchangedOrNewAtTheFrontCountsAsStillUnique() {
        #expect(ClientState.isUnchangedOrPushedFront(["a", "b"], previous: ["a", "b"]))
        #expect(ClientState.isUnchangedOrPushedFront(["c", "a", "b"], previous: ["a", "b"]))
        #expect(ClientState.isUnchangedOrPushedFront(["c", "a"], previous: ["a", "b"]))
        #expect(!ClientState.isUnchangedOrPushedFront(["a", "a", "b"], previous: ["a", "b"]))
        // "b" came back at the front after the old "b" was dropped: still unique.
        #expect(ClientState.isUnchangedOrPushedFront(["b", "a"], previous: ["a", "b"]))
        #expect(!ClientState.isUnchangedOrPushedFront(["b", "b"], previous: ["b", "a"]))
        #expect(!ClientState.isUnchangedOrPushedFront(["a", "b", "a"], previous: ["a", "b"]))
        #expect(!ClientState.isUnchangedOrPushedFront(["x", "y", "z"], previous: ["a"]))
        #expect(ClientState.isUnchangedOrPushedFront([], previous: []))
    }
}
