import TapedeckCore
import TapedeckProtocol

@testable import TapedeckState

/// One input to the client: a server message, a client message or a connection event.
enum ClientInput {
    case server(ServerMessage)
    case client(ClientMessage)
    case connection(ConnectionEvent)
}

/// Builds random but plausible inputs from small id pools, so ids collide often: resent events and
/// questions, claims and answers for unknown ids, negative and huge amounts, rejected claims.
struct RandomMessageGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { chance(50) ? make(&self) : nil }
    mutating func id(_ prefix: String, _ count: Int) -> String { "\(prefix)\(int(0...count - 1))" }

    /// Mostly small signed amounts; now and then an extreme one.
    mutating func amount() -> Int {
        switch int(0...99) {
        case 0: Int.max
        case 1: Int.min
        case 2...30: int(-60...0)
        default: int(0...120)
        }
    }

    mutating func text() -> String {
        [
            "You won a prize", "Your boss praised your work", "You got sick", "A stranger smiled", "Exam day",
            "Party with friends", "Found money", "Nothing happened", "Rainy \"day\"\n", "Ünïcödé 😀",
        ][int(0...9)]
    }

    mutating func person() -> Person {
        Person(
            id: id("p", 8), name: chance(80) ? ["Mei", "Alex", "Sam", "Jo"][int(0...3)] : "",
            lastName: chance(50) ? "Lin" : "", age: maybe { $0.int(0...90) }, mood: maybe { _ in "calm" },
            energy: maybe { $0.amount() }, money: maybe { $0.amount() }, diamonds: maybe { $0.amount() },
            health: maybe { $0.int(-10...150) })
    }

    mutating func playerObject() -> PlayerObject {
        var me = person()
        me.id = "p0"
        return PlayerObject(
            date: "2026-0\(int(1...9))-1\(int(0...9))", status: "playing",
            season: ["spring", "summer", "autumn", "winter"][int(0...3)],
            hourOfDay: int(0...23), minuteOfHour: int(0...59), gameSpeed: SpeedChange.levels[int(0...5)], person: me,
            r: (0..<int(0...4)).map { _ in person() },
            relData: (0..<int(0...4)).map { _ in
                Relationship(
                    personId: id("p", 8), kind: Relationship.Kind.allCases[int(0...2)], status: "x", affinity: int(0...100))
            },
            habits: [
                Habit(id: "h1", name: "Smoking", status: .active),
                Habit(id: "h2", name: "Sugar", status: .quitting, quitDays: int(0...30)),
            ],
            focuses: [
                FocusOption(id: "f1", name: "Study", selected: true), FocusOption(id: "f2", name: "Work", selected: false),
            ],
            storeItems: [StoreItem(id: "i1", name: "Rose", price: 10, currency: .money)]
        )
    }

    mutating func question() -> Question {
        Question(
            id: id("q", 10), question: text(),
            options: [
                AnswerOption(
                    id: "yes", text: "Yes", energyCost: maybe { $0.amount() }, moneyCost: maybe { $0.amount() },
                    diamondCost: maybe { $0.amount() }),
                AnswerOption(id: "no", text: "No"),
            ])
    }

    mutating func lifeEvent() -> LifeEvent {
        LifeEvent(
            id: id("e", 80), message: text(), type: maybe { _ in "career" }, date: "2026-01-01", hour: int(0...23),
            energyCost: maybe { $0.amount() }, moneyCost: maybe { $0.amount() }, diamondCost: maybe { $0.amount() },
            affinityChange: maybe { $0.amount() })
    }

    mutating func serverMessage() -> ServerMessage {
        switch int(0...15) {
        case 0:
            .update(
                PartialUpdate(
                    energy: maybe { $0.amount() }, money: maybe { $0.amount() },
                    diamonds: maybe { $0.amount() }, hourOfDay: maybe { $0.int(-5...30) },
                    location: maybe { _ in "home" }, mood: maybe { _ in "ok" }))
        case 1:
            .batchUpdate(
                BatchUpdate(
                    energy: maybe { $0.amount() }, money: maybe { $0.amount() },
                    season: maybe { _ in "winter" }, gameSpeed: maybe { $0.int(1...10000) },
                    age: maybe { $0.int(0...100) }, health: maybe { $0.int(-20...120) }))
        case 2: chance(20) ? .playerObject(playerObject()) : .personObject(person())
        case 3, 4, 5: .messageEvent(lifeEvent())
        case 6, 7: .questionEvent(question())
        case 8:
            .conversationEvent(
                ConversationEvent(
                    conversationId: id("c", 4), personId: id("p", 8),
                    message: ConversationMessage(id: id("m", 20), sender: "player", text: text())))
        case 9:
            .relationshipEvent(
                RelationshipEvent(
                    personId: id("p", 8), milestone: "met", kind: Relationship.Kind.allCases[int(0...2)],
                    status: "dating", affinity: int(0...100), text: "t", person: maybe { $0.person() }))
        case 10, 11: .claimResult(ClaimResult(eventId: id("e", 90), accepted: chance(40), reason: maybe { _ in "unknownEvent" }))
        case 12:
            .purchaseResult(
                PurchaseResult(
                    kind: PurchaseResult.Kind.allCases[int(0...3)], id: chance(50) ? "i1" : "x",
                    success: chance(50), energy: maybe { $0.amount() }, diamonds: maybe { $0.amount() }))
        case 13: .error(ServerError(kind: ServerError.Kind.allCases[int(0...3)], message: text()))
        case 14: .matchResult(MatchResult(personId: id("p", 8), matched: chance(50), compatibility: int(0...100)))
        default: .unknown(type: "mystery", raw: Array("{}".utf8))
        }
    }

    mutating func clientMessage() -> ClientMessage {
        switch int(0...9) {
        case 0, 1, 2: .claimEvent(ClaimEvent(eventId: id("e", 90), timestamp: "2026-01-01T00:00:00.000Z"))
        case 3, 4: .answerQuestion(AnswerQuestion(questionId: id("q", 12), optionId: ["yes", "no", "zz"][int(0...2)]))
        case 5: .quitHabit(HabitAction(habitId: id("h", 3)))
        case 6: .stopQuitHabit(HabitAction(habitId: id("h", 3)))
        case 7: .setFocus(SetFocus(focusId: id("f", 3)))
        case 8: .speed(SpeedChange(speed: SpeedChange.levels[int(0...5)]))
        default: chance(50) ? .refillEnergy(RefillEnergy(tier: "small")) : .unknown(type: "ping", raw: [])
        }
    }

    mutating func connectionEvent() -> ConnectionEvent {
        switch int(0...2) {
        case 0: .opened
        case 1: .closed(code: 1006, reason: "abnormal")
        default: .failed("timeout")
        }
    }

    mutating func next() -> ClientInput {
        switch int(0...99) {
        case 0...1: .connection(connectionEvent())
        case 2...64: .server(serverMessage())
        default: .client(clientMessage())
        }
    }
}
