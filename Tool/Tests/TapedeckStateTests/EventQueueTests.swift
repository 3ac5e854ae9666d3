import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct EventQueueTests {
    @Test func firstQuestionBecomesCurrentAndIsShown() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.questions.questions = [Fixtures.question("q1")]
        expected.questions.currentQuestionId = "q1"
        let effects = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.showQuestion(id: "q1")])
    }

    @Test func laterQuestionsQueueBehindTheCurrentOne() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        var expected = state
        expected.questions.questions.append(Fixtures.question("q2"))
        let effects = state.apply(.questionEvent(Fixtures.question("q2")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
        #expect(state.questions.current?.id == "q1")
    }

    @Test func aQueuedIdIsNotQueuedTwice() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        _ = state.apply(.questionEvent(Fixtures.question("q2")), at: Fixtures.t1)
        let expected = state
        var resent = Fixtures.question("q1")
        resent.question = "Changed text"
        let effects = state.apply(.questionEvent(resent), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
    }

    @Test func answeringDequeuesFirstInFirstOutAndDeductsTheOptionsCosts() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1", costs: (10, 25, 2))), at: Fixtures.t1)
        _ = state.apply(.questionEvent(Fixtures.question("q2")), at: Fixtures.t1)
        var expected = state
        expected.questions.questions.removeFirst()
        expected.questions.currentQuestionId = "q2"
        expected.gameState.energy = 70
        expected.gameState.money = 95
        expected.gameState.diamonds = 3
        expected.gameState.energyWriter = .client
        expected.gameState.moneyWriter = .client
        expected.gameState.diamondsWriter = .client
        let effects = state.apply(.answerQuestion(AnswerQuestion(questionId: "q1", optionId: "yes")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.showQuestion(id: "q2")])
    }

    @Test func aFreeOptionDeductsNothing() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        var expected = state
        expected.questions = EventQueue()
        let effects = state.apply(.answerQuestion(AnswerQuestion(questionId: "q1", optionId: "no")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
    }

    @Test func answeringAQuestionBehindTheHeadRemovesItOnly() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        _ = state.apply(.questionEvent(Fixtures.question("q2", costs: (0, 0, 1))), at: Fixtures.t1)
        var expected = state
        expected.questions.questions.removeLast()
        expected.gameState.diamonds = 4
        expected.gameState.diamondsWriter = .client
        let effects = state.apply(.answerQuestion(AnswerQuestion(questionId: "q2", optionId: "yes")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
        #expect(state.questions.currentQuestionId == "q1")
    }

    @Test func answeringAnUnknownQuestionChangesNothing() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        let expected = state
        let effects = state.apply(.answerQuestion(AnswerQuestion(questionId: "q9", optionId: "yes")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
    }

    @Test func anAnsweredIdMayBeAskedAgain() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        _ = state.apply(.answerQuestion(AnswerQuestion(questionId: "q1", optionId: "no")), at: Fixtures.t1)
        let effects = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        #expect(effects == [.showQuestion(id: "q1")])
        #expect(state.questions.questions.map(\.id) == ["q1"])
    }
}
