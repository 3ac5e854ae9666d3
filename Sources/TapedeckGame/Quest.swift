/// A quest the player can claim once per game when its counter reaches the goal.
public struct Quest: Sendable, Equatable {
    public enum Counter: String, Sendable, Equatable {
        case claims, answers, swipes, dates, messages
    }

    public var id: String
    public var counter: Counter
    public var goal: Int
    public var energy: Int
    public var money: Int
    public var diamonds: Int

    public static let all: [Quest] = [
        Quest(id: "claim-3-events", counter: .claims, goal: 3, energy: 10, money: 50, diamonds: 1),
        Quest(id: "answer-2-questions", counter: .answers, goal: 2, energy: 10, money: 30, diamonds: 1),
        Quest(id: "swipe-5", counter: .swipes, goal: 5, energy: 5, money: 20, diamonds: 2),
        Quest(id: "go-on-a-date", counter: .dates, goal: 1, energy: 0, money: 40, diamonds: 2),
        Quest(id: "send-3-messages", counter: .messages, goal: 3, energy: 5, money: 15, diamonds: 1),
    ]

    public static func named(_ id: String) -> Quest? {
        all.first { $0.id == id }
    }
}
