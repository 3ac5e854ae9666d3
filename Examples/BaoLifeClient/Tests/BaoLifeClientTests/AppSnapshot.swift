import Foundation
import TapedeckTesting

/// What the app shows, the same shape for both versions of the client layer: built by each
/// adapter from its view models' (and, before the refactor, its service's) published state.
/// Goldens hold it as canonical JSON; `lifeEvents[*].claimedAt` is left out of the comparison.
struct AppSnapshot: Encodable, Equatable {
    struct GameState: Encodable, Equatable {
        var energy: Int
        var money: Int
        var diamonds: Int
        var date: String
        var time: String
        var season: String
        var speed: Int
    }

    struct Player: Encodable, Equatable {
        var name: String
        var age: Int
        var health: Int?
        var happiness: Int?
        var intelligence: Int?
        var prestige: Int?
        var mood: String?
        var status: String
        var location: String?
    }

    struct Person: Encodable, Equatable {
        var id: String
        var name: String
        /// The relationship's kind and status ("romantic: dating"), nil without one.
        var relationship: String?
    }

    struct LifeEvent: Encodable, Equatable {
        var id: String
        var category: String
        var claimed: Bool
        var claimedAt: Date?
        var energy: Int?
        var money: Int?
        var diamonds: Int?
        var affinity: Int?
    }

    struct Questions: Encodable, Equatable {
        /// The question on screen.
        var current: String?
        /// The queue's ids, the head first.
        var queue: [String]

        // Written out so that "no question" is an explicit null in goldens and diffs.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(current, forKey: .current)
            try container.encode(queue, forKey: .queue)
        }

        enum CodingKeys: String, CodingKey { case current, queue }
    }

    var gameState: GameState
    var player: Player
    var people: [Person]
    var lifeEvents: [LifeEvent]
    var unclaimedEventCount: Int
    var questions: Questions

    /// App rules any version must keep, checked on what it shows after every record.
    var violations: [InvariantViolation] {
        var violations: [InvariantViolation] = []
        if lifeEvents.count > 50 {
            violations.append(.init(name: "lifeEvents.capacity", message: "\(lifeEvents.count) life events, at most 50 are kept"))
        }
        if Set(lifeEvents.map(\.id)).count != lifeEvents.count {
            violations.append(.init(name: "lifeEvents.uniqueIds", message: "a life event is listed twice"))
        }
        if let event = lifeEvents.first(where: { $0.claimed != ($0.claimedAt != nil) }) {
            violations.append(
                .init(
                    name: "lifeEvents.claimedAt",
                    message: "\(event.id): claimed \(event.claimed) but claimedAt \(event.claimedAt.map { "\($0)" } ?? "nil")"))
        }
        if questions.current != questions.queue.first {
            violations.append(
                .init(
                    name: "questions.currentIsHead",
                    message:
                        "the question on screen is \(questions.current ?? "none"), the queue's head \(questions.queue.first ?? "none")"
                ))
        }
        if Set(questions.queue).count != questions.queue.count {
            violations.append(.init(name: "questions.uniqueIds", message: "a question is queued twice"))
        }
        return violations
    }
}
