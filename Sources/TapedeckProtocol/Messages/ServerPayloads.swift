// The bodies (`message`) of server-to-client envelopes. docs/PROTOCOL.md documents each one.

/// `u`: a lightweight partial update. Only the fields present change.
public struct PartialUpdate: Sendable, Equatable {
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
    public var date: String?
    public var hourOfDay: Int?
    public var minuteOfHour: Int?
    public var location: String?
    public var mood: String?
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension PartialUpdate {
    public init(energy: Int? = nil, money: Int? = nil, diamonds: Int? = nil, date: String? = nil,
                hourOfDay: Int? = nil, minuteOfHour: Int? = nil, location: String? = nil, mood: String? = nil) {
        memberwise = MemberwiseInit()
        self.energy = energy; self.money = money; self.diamonds = diamonds; self.date = date
        self.hourOfDay = hourOfDay; self.minuteOfHour = minuteOfHour; self.location = location; self.mood = mood
    }
}

/// `batch_update`: many fields at once (game clock, resources and the person's stats). Only the
/// fields present change.
public struct BatchUpdate: Sendable, Equatable {
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
    public var date: String?
    public var hourOfDay: Int?
    public var minuteOfHour: Int?
    public var season: String?
    public var gameSpeed: Int?
    public var status: String?
    public var age: Int?
    public var health: Int?
    public var happiness: Int?
    public var intelligence: Int?
    public var prestige: Int?
    public var mood: String?
    public var location: String?
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension BatchUpdate {
    public init(energy: Int? = nil, money: Int? = nil, diamonds: Int? = nil, date: String? = nil,
                hourOfDay: Int? = nil, minuteOfHour: Int? = nil, season: String? = nil, gameSpeed: Int? = nil,
                status: String? = nil, age: Int? = nil, health: Int? = nil, happiness: Int? = nil,
                intelligence: Int? = nil, prestige: Int? = nil, mood: String? = nil, location: String? = nil) {
        memberwise = MemberwiseInit()
        self.energy = energy; self.money = money; self.diamonds = diamonds; self.date = date
        self.hourOfDay = hourOfDay; self.minuteOfHour = minuteOfHour; self.season = season
        self.gameSpeed = gameSpeed; self.status = status; self.age = age; self.health = health
        self.happiness = happiness; self.intelligence = intelligence; self.prestige = prestige
        self.mood = mood; self.location = location
    }
}

/// `playerObject`: the full state; the client replaces what it had.
public struct PlayerObject: Sendable, Equatable {
    public var date: String
    public var status: String
    public var season: String
    public var hourOfDay: Int
    public var minuteOfHour: Int
    public var gameSpeed: Int
    public var person: Person
    public var r: [Person]
    public var relData: [Relationship]
    public var activities: [Activity]
    public var activityRecords: [ActivityRecord]
    public var habits: [Habit]
    public var focuses: [FocusOption]
    public var storeItems: [StoreItem]
    public var inventory: [StoreItem]
    public var occupations: [Occupation]
    public var inAppPurchases: [InAppPurchase]
    public var activeConversations: [Conversation]

    public init(date: String, status: String, season: String, hourOfDay: Int, minuteOfHour: Int,
                gameSpeed: Int, person: Person, r: [Person] = [], relData: [Relationship] = [],
                activities: [Activity] = [], activityRecords: [ActivityRecord] = [], habits: [Habit] = [],
                focuses: [FocusOption] = [], storeItems: [StoreItem] = [], inventory: [StoreItem] = [],
                occupations: [Occupation] = [], inAppPurchases: [InAppPurchase] = [],
                activeConversations: [Conversation] = []) {
        self.date = date; self.status = status; self.season = season; self.hourOfDay = hourOfDay
        self.minuteOfHour = minuteOfHour; self.gameSpeed = gameSpeed; self.person = person; self.r = r
        self.relData = relData; self.activities = activities; self.activityRecords = activityRecords
        self.habits = habits; self.focuses = focuses; self.storeItems = storeItems; self.inventory = inventory
        self.occupations = occupations; self.inAppPurchases = inAppPurchases
        self.activeConversations = activeConversations
    }
}

/// `conversationEvent`: a new line in a conversation.
public struct ConversationEvent: Sendable, Equatable {
    public var conversationId: String
    public var personId: String
    public var message: ConversationMessage

    public init(conversationId: String, personId: String, message: ConversationMessage) {
        self.conversationId = conversationId; self.personId = personId; self.message = message
    }
}

/// `relationshipEvent`: a milestone ("met", "first date", "dating", "engaged", "married", "broke up"...).
/// `status`, `kind` and `affinity` are the relationship after the milestone.
public struct RelationshipEvent: Sendable, Equatable {
    public var personId: String
    public var milestone: String
    public var kind: Relationship.Kind
    public var status: String
    public var affinity: Int
    public var text: String
    /// The person, when the player did not know them before (a new match).
    public var person: Person?
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension RelationshipEvent {
    public init(personId: String, milestone: String, kind: Relationship.Kind, status: String,
                affinity: Int, text: String, person: Person? = nil) {
        memberwise = MemberwiseInit()
        self.personId = personId; self.milestone = milestone; self.kind = kind; self.status = status
        self.affinity = affinity; self.text = text; self.person = person
    }
}

/// `achievementsList`
public struct AchievementsList: Sendable, Equatable {
    public var achievements: [Achievement]
    public init(achievements: [Achievement]) { self.achievements = achievements }
}

/// `achievementUnlocked`
public struct AchievementUnlocked: Sendable, Equatable {
    public var achievement: Achievement
    public init(achievement: Achievement) { self.achievement = achievement }
}

/// `dailyRewardClaimed`: the streak after the claim and what it gave.
public struct DailyRewardClaimed: Sendable, Equatable {
    public var day: Int
    public var streak: Int
    public var energy: Int
    public var money: Int
    public var diamonds: Int

    public init(day: Int, streak: Int, energy: Int, money: Int, diamonds: Int) {
        self.day = day; self.streak = streak; self.energy = energy; self.money = money; self.diamonds = diamonds
    }
}

/// `questRewardClaimed`
public struct QuestRewardClaimed: Sendable, Equatable {
    public var questId: String
    public var energy: Int
    public var money: Int
    public var diamonds: Int

    public init(questId: String, energy: Int, money: Int, diamonds: Int) {
        self.questId = questId; self.energy = energy; self.money = money; self.diamonds = diamonds
    }
}

/// `energyRefillTiers`
public struct EnergyRefillTiers: Sendable, Equatable {
    public var tiers: [EnergyRefillTier]
    public init(tiers: [EnergyRefillTier]) { self.tiers = tiers }
}

/// `timeSkipTiers`
public struct TimeSkipTiers: Sendable, Equatable {
    public var tiers: [TimeSkipTier]
    public init(tiers: [TimeSkipTier]) { self.tiers = tiers }
}

/// `extraCurriculars`: the activities the person can join now.
public struct ExtraCurriculars: Sendable, Equatable {
    public var activities: [Activity]
    public init(activities: [Activity]) { self.activities = activities }
}

/// `playerStatistics`
public struct PlayerStatistics: Sendable, Equatable {
    public var daysPlayed: Int
    public var eventsReceived: Int
    public var eventsClaimed: Int
    public var questionsAnswered: Int
    public var relationships: Int
    public var dates: Int
    public var purchases: Int
    public var achievementsUnlocked: Int

    public init(daysPlayed: Int, eventsReceived: Int, eventsClaimed: Int, questionsAnswered: Int,
                relationships: Int, dates: Int, purchases: Int, achievementsUnlocked: Int) {
        self.daysPlayed = daysPlayed; self.eventsReceived = eventsReceived; self.eventsClaimed = eventsClaimed
        self.questionsAnswered = questionsAnswered; self.relationships = relationships; self.dates = dates
        self.purchases = purchases; self.achievementsUnlocked = achievementsUnlocked
    }
}

/// `dataExportComplete`: where the GDPR export can be fetched.
public struct DataExportComplete: Sendable, Equatable {
    public var url: String
    public var bytes: Int
    public init(url: String, bytes: Int) { self.url = url; self.bytes = bytes }
}

/// `accountDeletionScheduled`
public struct AccountDeletionScheduled: Sendable, Equatable {
    /// The real-world date (yyyy-MM-dd) when the account will be deleted.
    public var scheduledFor: String
    public init(scheduledFor: String) { self.scheduledFor = scheduledFor }
}

/// `claimResult`: the server's answer to `claimEvent`. A rejected claim is rolled back by the client.
public struct ClaimResult: Sendable, Equatable {
    public var eventId: String
    public var accepted: Bool
    /// Why a claim was rejected: "unknownEvent", "alreadyClaimed".
    public var reason: String?

    public init(eventId: String, accepted: Bool, reason: String? = nil) {
        self.eventId = eventId; self.accepted = accepted; self.reason = reason
    }
}

/// `purchaseResult`: the answer to `purchaseItem`, `refillEnergy`, `timeSkip` and `validatePurchase`.
/// On success the balances are the player's resources after the purchase.
public struct PurchaseResult: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case item, energyRefill, timeSkip, inAppPurchase
    }

    public var kind: Kind
    /// The item id, tier id or product id that was bought.
    public var id: String
    public var success: Bool
    /// Why it failed: "insufficientFunds", "unknownItem", "invalidReceipt"...
    public var reason: String?
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
    public var summary: TimeSkipSummary?

    public init(kind: Kind, id: String, success: Bool, reason: String? = nil, energy: Int? = nil,
                money: Int? = nil, diamonds: Int? = nil, summary: TimeSkipSummary? = nil) {
        self.kind = kind; self.id = id; self.success = success; self.reason = reason
        self.energy = energy; self.money = money; self.diamonds = diamonds; self.summary = summary
    }
}

/// `matchResult`: the answer to a right swipe.
public struct MatchResult: Sendable, Equatable {
    public var personId: String
    public var matched: Bool
    /// The compatibility score 0–100 the server computed.
    public var compatibility: Int

    public init(personId: String, matched: Bool, compatibility: Int) {
        self.personId = personId; self.matched = matched; self.compatibility = compatibility
    }
}

/// `error`: something went wrong; `kind` is one of the app's `WebSocketError` cases.
public struct ServerError: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case connectionFailed, messageParsingFailed, serverError, rateLimited
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind; self.message = message
    }
}
