import TapedeckGame
import TapedeckProtocol

/// Drives a `GameSimulation` the way a client would and remembers every answer with the flow
/// (step label) that produced it.
struct Playthrough {
    var game: GameSimulation
    var transcript: [(flow: String, message: ServerMessage)] = []

    init(seed: UInt64) { game = GameSimulation(seed: seed) }

    static let hero = CreateCharacter(
        name: "Ada", lastName: "Lovelace", sex: "female",
        interests: ["music", "reading", "coding"], deviceToken: "token-1")

    @discardableResult
    mutating func send(_ message: ClientMessage, flow: String? = nil) -> [ServerMessage] {
        let answers = game.handle(message)
        transcript += answers.map { (flow ?? message.type, $0) }
        return answers
    }

    @discardableResult
    mutating func tick(_ count: Int = 1) -> [ServerMessage] {
        var answers: [ServerMessage] = []
        for _ in 0..<count {
            let messages = game.tick()
            answers += messages
            transcript += messages.map { ("tick", $0) }
        }
        return answers
    }

    /// Ticks until `found` picks something out of an answer, at most `limit` ticks.
    mutating func tick<T>(until limit: Int, _ found: (ServerMessage) -> T?) -> T? {
        for _ in 0..<limit {
            for message in tick() {
                if let value = found(message) { return value }
            }
        }
        return nil
    }

    var messages: [ServerMessage] { transcript.map(\.message) }

    /// The answers to the last step, for assertions.
    func last(_ count: Int) -> [ServerMessage] { Array(messages.suffix(count)) }
}

extension ServerMessage {
    var lifeEvent: LifeEvent? { if case .messageEvent(let event) = self { event } else { nil } }
    var question: Question? { if case .questionEvent(let question) = self { question } else { nil } }
    var person: Person? { if case .personObject(let person) = self { person } else { nil } }
    var matchResult: MatchResult? { if case .matchResult(let result) = self { result } else { nil } }
    var claimResult: ClaimResult? { if case .claimResult(let result) = self { result } else { nil } }
    var purchaseResult: PurchaseResult? { if case .purchaseResult(let result) = self { result } else { nil } }
    var partialUpdate: PartialUpdate? { if case .update(let update) = self { update } else { nil } }
    var batchUpdate: BatchUpdate? { if case .batchUpdate(let update) = self { update } else { nil } }
    var serverError: ServerError? { if case .error(let error) = self { error } else { nil } }
    var relationshipEvent: RelationshipEvent? {
        if case .relationshipEvent(let event) = self { event } else { nil }
    }
    var playerObject: PlayerObject? { if case .playerObject(let player) = self { player } else { nil } }
}
