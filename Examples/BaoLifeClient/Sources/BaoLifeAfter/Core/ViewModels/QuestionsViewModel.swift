import Foundation
import Observation

/// The questions waiting for an answer; the first one is on screen (`EventModalView`).
@MainActor
@Observable
public final class QuestionsViewModel {
    public private(set) var questionQueue: [Question] = []
    public private(set) var currentQuestion: Question?

    @ObservationIgnored private let webSocketService: WebSocketService
    @ObservationIgnored private let gameState: GameStateViewModel
    @ObservationIgnored private let regressions: Regressions

    public init(webSocketService: WebSocketService, gameState: GameStateViewModel, regressions: Regressions = []) {
        self.webSocketService = webSocketService
        self.gameState = gameState
        self.regressions = regressions
        webSocketService.on("questionEvent") { [weak self] data in
            self?.enqueue(try MessageCoding.payload(Question.self, from: data))
        }
    }

    /// The player picks an answer: its costs are spent at once and the next question is shown.
    public func answer(_ question: Question, with option: AnswerOption) {
        guard let index = questionQueue.firstIndex(where: { $0.id == question.id }) else { return }
        let request = AnswerQuestionRequest(questionId: question.id, optionId: option.id)
        webSocketService.send("answerQuestion", request)
        if regressions.contains(.answerSentTwice) { webSocketService.send("answerQuestion", request) }
        gameState.applyClientChange(
            energy: -(option.energyCost ?? 0), money: -(option.moneyCost ?? 0),
            diamonds: -(option.diamondCost ?? 0))
        if !regressions.contains(.questionQueueNotAdvanced) {
            questionQueue.remove(at: index)
        }
        currentQuestion = questionQueue.first
    }

    private func enqueue(_ question: Question) {
        guard !questionQueue.contains(where: { $0.id == question.id }) else { return } // a resend
        questionQueue.append(question)
        currentQuestion = questionQueue.first
    }
}
