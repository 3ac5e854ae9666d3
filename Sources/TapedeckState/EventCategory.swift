import TapedeckProtocol

/// The category a life event is shown under. `negative` is decided by the amounts (any of them
/// below zero); the others by the first row of `keywordTable` with a keyword among the words of
/// the event's type tag and message; `neutral` when nothing matches.
public enum EventCategory: String, Sendable, Equatable, CaseIterable {
    case career, social, achievement, education, health, finance, random, neutral, negative

    /// Checked top to bottom; a keyword matches a whole word, case-insensitively. Rows that could
    /// overlap are ordered from the most specific (an award at school is an achievement).
    public static let keywordTable: [(category: EventCategory, keywords: Set<String>)] = [
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

    /// The category of a life event (see the type's documentation).
    ///
    /// - Parameter event: The server's life event.
    /// - Returns: `negative` for an event with a loss; else the category its type and text's keywords name.
    public static func categorize(_ event: LifeEvent) -> EventCategory {
        if ClaimableEvent.isNegative(event) { return .negative }
        let type = event.type ?? ""
        return KeywordIndex.shared.categorize(type: type, message: event.message)
            ?? categorizeByWords(type: type, message: event.message)
    }

    /// The general rule, for any text: Unicode words, lowercased, looked up row by row.
    static func categorizeByWords(type: String, message: String) -> EventCategory {
        let words = Self.words(of: type) + Self.words(of: message)
        for row in keywordTable where words.contains(where: row.keywords.contains) {
            return row.category
        }
        return .neutral
    }

    /// The lowercased runs of letters and digits in a text.
    static func words(of text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
