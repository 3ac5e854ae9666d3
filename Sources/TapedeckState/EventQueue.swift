import TapedeckProtocol

/// The questions waiting for an answer, first in first out. The question on screen
/// (`currentQuestionId`) is always the head of the queue.
public struct EventQueue: Sendable, Equatable {
    /// The questions waiting for an answer, oldest first; no two share an id.
    public var questions: [Question] = []
    /// The question the app shows now: the head of `questions`, kept as its own field like the
    /// app's `currentQuestion` so the invariants can check the two agree.
    public var currentQuestionId: String?

    /// An empty queue with no question on screen.
    public init() {}

    /// The question at the head of the queue; nil when the queue is empty.
    public var current: Question? { questions.first }

    /// `questionEvent`: queued at the back unless a question with this id is already queued.
    /// Returns `.showQuestion` when it became the current question.
    ///
    /// - Parameter question: The server's question.
    /// - Returns: `.showQuestion` for a question that became current; empty otherwise.
    public mutating func enqueue(_ question: Question) -> [ClientEffect] {
        guard !questions.contains(where: { $0.id == question.id }) else { return [] }
        questions.append(question)
        guard questions.count == 1 else { return [] }
        currentQuestionId = question.id
        return [.showQuestion(id: question.id)]
    }

    /// `answerQuestion`: removes the answered question wherever it is in the queue and returns the
    /// costs of the chosen option (zero when the option is unknown), or nil when no queued question
    /// has this id (nothing changes). A new head is shown.
    ///
    /// - Parameter answer: The client's answer: the question's id and the chosen option's id.
    /// - Returns: The costs to deduct and `.showQuestion` for a new head; nil when no question has the id.
    public mutating func answer(_ answer: AnswerQuestion) -> (costs: ResourceAmounts, effects: [ClientEffect])? {
        guard let index = questions.firstIndex(where: { $0.id == answer.questionId }) else { return nil }
        let question = questions.remove(at: index)
        var costs = ResourceAmounts.zero
        if let option = question.options.first(where: { $0.id == answer.optionId }) {
            costs = ResourceAmounts(
                energy: option.energyCost ?? 0, money: option.moneyCost ?? 0,
                diamonds: option.diamondCost ?? 0)
        }
        let previous = currentQuestionId
        currentQuestionId = questions.first?.id
        guard let next = currentQuestionId, next != previous else { return (costs, []) }
        return (costs, [.showQuestion(id: next)])
    }
}
