import TapedeckCore
import TapedeckProtocol

/// Everything about one life: the player, the people they know, the clock and the counters.
/// `restart` replaces it; the ids and receipts of the game (in `GameSimulation`) survive.
struct GameWorld: Sendable {
    var player: Person
    var people: [Person]
    var relationships: [Relationship]
    var activities: [Activity]
    var activityRecords: [ActivityRecord]
    var habits: [Habit]
    var focuses: [FocusOption]
    var inventory: [StoreItem] = []
    var conversations: [Conversation] = []

    /// Game minutes since `GameRules.startDate` 00:00.
    var gameMinutes: Int
    var speed: Int = GameRules.defaultSpeed
    var running = true
    /// Game minute until which energy does not run down (the unlimited refill).
    var unlimitedUntil = 0

    var energy: Int = GameRules.startEnergy
    var money: Int = GameRules.startMoney
    var diamonds: Int = GameRules.startDiamonds

    /// Life events sent and not yet claimed (by id); claimed ids move to `claimedEvents`.
    var openEvents: [String: IssuedEvent] = [:]
    var claimedEvents: Set<String> = []
    var pendingQuestions: [String: PendingQuestion] = [:]
    /// Dating candidates shown and not swiped yet.
    var candidates: [String: Person] = [:]
    var romanticDates: [String: Int] = [:]

    var unlockedAchievements: [String: String] = [:]
    var questCounters: [Quest.Counter: Int] = [:]
    var claimedQuests: Set<String> = []
    var lastDailyRewardDay: Int?
    var dailyStreak = 0

    var statistics = Statistics()

    struct IssuedEvent: Sendable {
        var event: LifeEvent
        /// `gameMinutes` when it happened: claims close `GameRules.claimWindowMinutes` later.
        var issuedAt: Int
    }

    struct PendingQuestion: Sendable {
        var question: Question
        var template: QuestionTemplate
    }

    struct Statistics: Sendable {
        var eventsReceived = 0
        var eventsClaimed = 0
        var questionsAnswered = 0
        var dates = 0
        var purchases = 0
    }

    var day: Int { gameMinutes / 1440 }
    var hourOfDay: Int { (gameMinutes / 60) % 24 }
    var minuteOfHour: Int { gameMinutes % 60 }
    var calendarDate: CivilDate { CivilDate(daysSince1970: GameRules.startDate.daysSince1970 + day) }
    var isUnlimited: Bool { gameMinutes < unlimitedUntil }

    var mood: String {
        let happiness = player.happiness ?? 50
        switch happiness {
        case 75...: return "happy"
        case 50..<75: return "content"
        case 25..<50: return "tired"
        default: return "sad"
        }
    }

    /// Where the player is at this hour, from the weekday schedule of `GameSimulation.runHour`.
    var location: String {
        let hour = hourOfDay
        if hour >= 22 || hour < 7 { return "home" }
        guard calendarDate.weekday < 5 else { return "downtown" }
        switch hour {
        case 8..<15 where activities.contains { $0.kind == .highSchool }: return "school"
        case 15 where activities.contains { $0.kind == .extracurricular }: return "club"
        case 16..<20 where activities.contains { $0.kind == .occupation }: return "work"
        default: return "downtown"
        }
    }

    func person(_ id: String) -> Person? {
        if id == player.id { return player }
        return people.first { $0.id == id } ?? candidates[id]
    }

    func relationshipIndex(_ personId: String) -> Int? {
        relationships.firstIndex { $0.personId == personId }
    }

    func simple(_ person: Person) -> SimplePerson {
        SimplePerson(id: person.id, name: "\(person.name) \(person.lastName)", image: person.image)
    }

    mutating func changeAffinity(of personId: String, by amount: Int) {
        guard let index = relationshipIndex(personId) else { return }
        relationships[index].affinity = max(0, min(100, relationships[index].affinity + amount))
        if let personIndex = people.firstIndex(where: { $0.id == personId }) {
            people[personIndex].affinity = relationships[index].affinity
        }
    }
}

extension GameWorld {
    /// The world before `createCharacter`: nothing is sent from it.
    static let empty = GameWorld(
        player: Person(id: "", name: ""), people: [], relationships: [], activities: [], activityRecords: [],
        habits: [], focuses: [], gameMinutes: GameRules.startHour * 60, running: false)
}
