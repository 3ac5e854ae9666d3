import Foundation

/// A life event (`messageEvent`) with the client's claim state. Amounts are signed changes:
/// positive is a reward the player claims, negative a loss claimed automatically.
public struct MessageEvent: Codable, Identifiable, Equatable, Sendable {
    public var id: String
    public var message: String
    public var type: String?
    public var date: String
    public var hour: Int
    public var energyCost: Int?
    public var moneyCost: Int?
    public var diamondCost: Int?
    public var affinityChange: Int?
    public var characters: [SimplePerson]?

    // Claimable system: the client's own state, not sent by the server.
    public var claimed = false
    public var claimedAt: Date?
    public var category: EventCategory = .neutral

    enum CodingKeys: String, CodingKey {
        case id, message, type, date, hour, energyCost, moneyCost, diamondCost, affinityChange, characters
    }

    /// Has a reward: energy, money, diamonds or affinity above zero.
    public var isClaimable: Bool {
        (energyCost ?? 0) > 0 || (moneyCost ?? 0) > 0 || (diamondCost ?? 0) > 0 || (affinityChange ?? 0) > 0
    }

    /// Has a loss: any amount below zero.
    public var isNegative: Bool {
        (energyCost ?? 0) < 0 || (moneyCost ?? 0) < 0 || (diamondCost ?? 0) < 0 || (affinityChange ?? 0) < 0
    }

    /// Unclaimed and claimable: what the badge counts.
    public var isAwaitingClaim: Bool { isClaimable && !claimed }
}

public enum EventCategory: String, Codable, CaseIterable, Sendable {
    case career, social, achievement, education, health, finance, random, neutral, negative

    static let keywordTable: [(category: EventCategory, keywords: Set<String>)] = [
        (
            .achievement,
            [
                "achievement", "award", "awarded", "trophy", "medal", "prize", "won", "win",
                "champion", "championship", "unlocked", "record",
            ]
        ),
        (
            .education,
            [
                "school", "class", "exam", "test", "grade", "grades", "study", "studied", "homework",
                "teacher", "college", "university", "degree", "graduated", "graduation", "scholarship",
            ]
        ),
        (
            .career,
            [
                "job", "work", "worked", "career", "promotion", "promoted", "boss", "salary", "hired",
                "office", "interview", "coworker", "raise", "shift",
            ]
        ),
        (
            .finance,
            [
                "money", "bonus", "bank", "cash", "invest", "investment", "investments", "lottery",
                "inheritance", "tax", "savings", "paid", "payment", "loan", "stock", "stocks",
            ]
        ),
        (
            .health,
            [
                "health", "healthy", "doctor", "hospital", "sick", "ill", "injury", "injured", "exercise",
                "gym", "workout", "medicine", "sleep", "slept", "rest", "diet",
            ]
        ),
        (
            .social,
            [
                "friend", "friends", "party", "date", "dating", "love", "married", "wedding", "family",
                "met", "relationship", "birthday", "girlfriend", "boyfriend", "partner",
            ]
        ),
        (
            .random,
            [
                "lucky", "luck", "surprise", "surprising", "random", "unexpected", "mysterious",
                "stranger", "found", "strange",
            ]
        ),
    ]

    /// Losses are `negative`; otherwise the first row with a whole word of the event's type tag
    /// or text; `neutral` when none matches.
    public static func categorize(_ event: MessageEvent) -> EventCategory {
        if event.isNegative { return .negative }
        let words = Self.words(event.type ?? "") + Self.words(event.message)
        return keywordTable.first { row in words.contains(where: row.keywords.contains) }?.category ?? .neutral
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
