import TapedeckProtocol

/// The category a life event is shown under. `negative` is decided by the amounts (any of them
/// below zero); the others by the first row of `keywordTable` with a keyword among the words of
/// the event's type tag and message; `neutral` when nothing matches.
public enum EventCategory: String, Sendable, Equatable, CaseIterable {
    case career, social, achievement, education, health, finance, random, neutral, negative

    /// Checked top to bottom; a keyword matches a whole word, case-insensitively. Rows that could
    /// overlap are ordered from the most specific (an award at school is an achievement).
    public static let keywordTable: [(category: EventCategory, keywords: Set<String>)] = [
        (.achievement, ["achievement", "award", "awarded", "trophy", "medal", "prize", "won", "win",
                        "champion", "championship", "unlocked", "record"]),
        (.education, ["school", "class", "exam", "test", "grade", "grades", "study", "studied", "homework",
                      "teacher", "college", "university", "degree", "graduated", "graduation", "scholarship"]),
        (.career, ["job", "work", "worked", "career", "promotion", "promoted", "boss", "salary", "hired",
                   "office", "interview", "coworker", "raise", "shift"]),
        (.finance, ["money", "bonus", "bank", "cash", "invest", "investment", "investments", "lottery",
                    "inheritance", "tax", "savings", "paid", "payment", "loan", "stock", "stocks"]),
        (.health, ["health", "healthy", "doctor", "hospital", "sick", "ill", "injury", "injured", "exercise",
                   "gym", "workout", "medicine", "sleep", "slept", "rest", "diet"]),
        (.social, ["friend", "friends", "party", "date", "dating", "love", "married", "wedding", "family",
                   "met", "relationship", "birthday", "girlfriend", "boyfriend", "partner"]),
        (.random, ["lucky", "luck", "surprise", "surprising", "random", "unexpected", "mysterious",
                   "stranger", "found", "strange"]),
    ]

    /// Each keyword with the index of the first row that lists it.
    static let keywordRows: [String: Int] = {
        var rows: [String: Int] = [:]
        for (index, row) in keywordTable.enumerated() {
            for keyword in row.keywords where rows[keyword] == nil { rows[keyword] = index }
        }
        return rows
    }()

    /// The category of a life event (see the type's documentation).
    public static func categorize(_ event: LifeEvent) -> EventCategory {
        if ClaimableEvent.isNegative(event) { return .negative }
        // The first row with a match wins: the smallest row index over all words.
        var best = Int.max
        func consider(_ word: String) {
            if let row = keywordRows[word], row < best { best = row }
        }
        for text in [event.type ?? "", event.message] {
            if !forEachASCIIWord(in: text, consider) {
                for word in words(of: text) { consider(word) }
            }
        }
        return best == Int.max ? .neutral : keywordTable[best].category
    }

    /// The fast path of `words(of:)` for ASCII text (nearly every message): the same words,
    /// found on the bytes without Unicode tables. Returns false, having done nothing, when the
    /// text is not ASCII.
    static func forEachASCIIWord(in text: String, _ body: (String) -> Void) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            var word: [UInt8] = []
            word.reserveCapacity(16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
                default:
                    if !word.isEmpty { body(String(decoding: word, as: UTF8.self)); word.removeAll(keepingCapacity: true) }
                }
            }
            if !word.isEmpty { body(String(decoding: word, as: UTF8.self)) }
            return true
        }
    }

    /// The lowercased runs of letters and digits in a text.
    static func words(of text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
