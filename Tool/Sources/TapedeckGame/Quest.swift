/// A quest the player can claim once per game when its counter reaches the goal.
package struct Quest: Sendable, Equatable {
    package enum Counter: String, Sendable, Equatable {
        case claims, answers, swipes, dates, messages
    }

    package var id: String
    package var counter: Counter
    package var goal: Int
    package var energy: Int
    package var money: Int
    package var diamonds: Int

    package static let all: [Quest] = [
        Quest(id: "claim-3-events", counter: .claims, goal: 3, energy: 10, money: 50, diamonds: 1),
        Quest(id: "answer-2-questions", counter: .answers, goal: 2, energy: 10, money: 30, diamonds: 1),
        Quest(id: "swipe-5", counter: .swipes, goal: 5, energy: 5, money: 20, diamonds: 2),
        Quest(id: "go-on-a-date", counter: .dates, goal: 1, energy: 0, money: 40, diamonds: 2),
        Quest(id: "send-3-messages", counter: .messages, goal: 3, energy: 5, money: 15, diamonds: 1),
    ]

    package static func named(_ id: String) -> Quest? {
        all.first { $0.id == id }
    }
}
