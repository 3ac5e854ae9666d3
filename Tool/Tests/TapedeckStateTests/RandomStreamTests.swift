import TapedeckProtocol
import TestSupport
import Testing

@testable import TapedeckState

@Suite(.cpuBound) struct RandomStreamTests {
    /// What a stream exercised, so the test fails if the generator stops reaching the hard cases.
    struct Coverage {
        var automaticClaims = 0
        var rollbacks = 0
        var fullTimeline = false
        var negativeServerResources = 0
        var answeredQuestions = 0
    }

    @Test(arguments: [UInt64(1), 0xC0FFEE])
    func invariantsHoldAfterEveryMessage(seed: UInt64) {
        var generator = RandomMessageGenerator(seed: seed)
        var state = ClientState(configuration: .init(sessionEpochMilliseconds: 1_767_225_600_000))
        var coverage = Coverage()
        var firstFailure: String?
        for index in 0..<50_000 {
            let time = VirtualTime(nanoseconds: UInt64(index) * 250_000_000)
            let input = generator.next()
            var effects: [ClientEffect] = []
            switch input {
            case .server(let message):
                if case .claimResult(let result) = message, !result.accepted,
                    state.claimable.event(id: result.eventId)?.claimPending == true
                {
                    coverage.rollbacks += 1
                }
                effects = state.apply(message, at: time)
            case .client(let message):
                if case .answerQuestion(let answer) = message,
                    state.questions.questions.contains(where: { $0.id == answer.questionId })
                {
                    coverage.answeredQuestions += 1
                }
                effects = state.apply(message, at: time)
            case .connection(let event):
                state.apply(event, at: time)
            }
            // The client sends what it says it sends; the tape would record it and replay it back.
            for case .send(let message) in effects {
                coverage.automaticClaims += 1
                if case .claimEvent(let claim) = message, state.claimable.event(id: claim.eventId)?.isNegative != true {
                    firstFailure = firstFailure ?? "message \(index): automatic claim of non-negative event \(claim.eventId)"
                }
                _ = state.apply(message, at: time)
            }
            if state.claimable.events.count == ClaimableEvents.capacity { coverage.fullTimeline = true }
            if state.gameState.energy < 0 || state.gameState.money < 0 { coverage.negativeServerResources += 1 }
            let violations = state.invariantViolations()
            if !violations.isEmpty, firstFailure == nil {
                firstFailure = "message \(index) (\(input)): \(violations.map(\.description))"
            }
        }
        #expect(firstFailure == nil)
        #expect(coverage.automaticClaims > 100)
        #expect(coverage.rollbacks > 100)
        #expect(coverage.answeredQuestions > 100)
        #expect(coverage.negativeServerResources > 0)
        #expect(coverage.fullTimeline)
        // The snapshot of whatever state the stream left is valid canonical JSON text.
        #expect(state.snapshot().canonicalJSON().count > 100)
    }
}
