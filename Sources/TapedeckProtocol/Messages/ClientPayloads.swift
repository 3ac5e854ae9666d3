// The bodies (`message`) of client-to-server envelopes. docs/PROTOCOL.md documents each one.

/// `createCharacter`
public struct CreateCharacter: Sendable, Equatable {
    public var name: String
    public var lastName: String
    public var sex: String
    public var interests: [String]
    /// The push token the app saved at registration; a secret the proxy redacts.
    public var deviceToken: String?

    public init(name: String, lastName: String, sex: String, interests: [String] = [], deviceToken: String? = nil) {
        self.name = name; self.lastName = lastName; self.sex = sex; self.interests = interests
        self.deviceToken = deviceToken
    }
}

/// `speed`: one of the six levels of `SpeedChange.levels`.
public struct SpeedChange: Sendable, Equatable {
    public static let levels = [10000, 1000, 500, 50, 20, 1]
    public var speed: Int
    public init(speed: Int) { self.speed = speed }
}

/// `claimEvent`
public struct ClaimEvent: Sendable, Equatable {
    public var eventId: String
    /// When the player claimed it, as the app sends it (ISO 8601).
    public var timestamp: String
    public init(eventId: String, timestamp: String) { self.eventId = eventId; self.timestamp = timestamp }
}

/// `answerQuestion`
public struct AnswerQuestion: Sendable, Equatable {
    public var questionId: String
    public var optionId: String
    public init(questionId: String, optionId: String) { self.questionId = questionId; self.optionId = optionId }
}

/// `quitHabit` and `stopQuitHabit`
public struct HabitAction: Sendable, Equatable {
    public var habitId: String
    public init(habitId: String) { self.habitId = habitId }
}

/// `setFocus`
public struct SetFocus: Sendable, Equatable {
    public var focusId: String
    public init(focusId: String) { self.focusId = focusId }
}

/// `retrievePerson`: ask for a person's details, or (without an id) the next dating candidate.
public struct RetrievePerson: Sendable, Equatable {
    public var personId: String?
    public init(personId: String? = nil) { self.personId = personId }
}

/// `swipe`
public struct Swipe: Sendable, Equatable {
    public enum Direction: String, Sendable, Equatable, CaseIterable {
        case left, right
    }

    public var personId: String
    public var direction: Direction
    public init(personId: String, direction: Direction) { self.personId = personId; self.direction = direction }
}

/// `date`: go on a date with a match; costs energy and money.
public struct DateRequest: Sendable, Equatable {
    public var personId: String
    /// "coffee", "dinner", "movie", "park"...
    public var activity: String
    public init(personId: String, activity: String) { self.personId = personId; self.activity = activity }
}

/// `sendGift`: give an inventory item to a person.
public struct SendGift: Sendable, Equatable {
    public var personId: String
    public var itemId: String
    public init(personId: String, itemId: String) { self.personId = personId; self.itemId = itemId }
}

/// `sendMessage`: write to a person; the answer comes as a `conversationEvent`.
public struct SendMessage: Sendable, Equatable {
    public var personId: String
    public var text: String
    public init(personId: String, text: String) { self.personId = personId; self.text = text }
}

/// `purchaseItem`
public struct PurchaseItem: Sendable, Equatable {
    public var itemId: String
    public init(itemId: String) { self.itemId = itemId }
}

/// `refillEnergy`: tier "instant" (50), "small" (100), "medium" (200), "large" (500) or "unlimited" (24 h).
public struct RefillEnergy: Sendable, Equatable {
    public var tier: String
    public init(tier: String) { self.tier = tier }
}

/// `timeSkip`: tier "1h", "12h", "1d", "1w" or "1m".
public struct TimeSkip: Sendable, Equatable {
    public var tier: String
    public init(tier: String) { self.tier = tier }
}

/// `validatePurchase`: an App Store receipt for `diamond1` or `diamond2`; the receipt is a secret.
public struct ValidatePurchase: Sendable, Equatable {
    public var productId: String
    public var receipt: String
    public init(productId: String, receipt: String) { self.productId = productId; self.receipt = receipt }
}

/// `claimQuestReward`
public struct ClaimQuestReward: Sendable, Equatable {
    public var questId: String
    public init(questId: String) { self.questId = questId }
}
