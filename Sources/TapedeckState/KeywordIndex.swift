/// `EventCategory.keywordTable` as a hash table over packed ASCII words, so categorising an ASCII
/// event (what the server sends in practice) needs no String, no lowercasing and no Set lookups:
/// each word of the text is packed into two integers and looked up once, and the lowest row wins,
/// which is the same as checking the rows top to bottom. Text with any non-ASCII byte returns nil
/// and goes the general way (Unicode letters and lowercasing).
struct KeywordIndex: Sendable {
    static let shared = KeywordIndex(EventCategory.keywordTable)

    /// A word of at most 16 bytes, lowercased, packed little-endian.
    struct Word: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = 0

        /// Adds a byte; false once the word is longer than 16 bytes (no keyword is).
        @inline(__always)
        mutating func append(_ byte: UInt8) -> Bool {
            guard count < 16 else {
                count = 17
                return false
            }
            if count < 8 { low |= UInt64(byte) << (8 * count) } else { high |= UInt64(byte) << (8 * (count - 8)) }
            count += 1
            return true
        }

        var slot: Int {
            Int(truncatingIfNeeded: ((low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)) >> 55)
        }
    }

    /// 512 slots (open addressing); each holds a keyword and 1 + its first row, or row 0 when empty.
    private var words: [Word]
    private var rows: [Int]
    private let categories: [EventCategory]
    private static let mask = 511

    init(_ table: [(category: EventCategory, keywords: Set<String>)]) {
        words = Array(repeating: Word(), count: Self.mask + 1)
        rows = Array(repeating: 0, count: Self.mask + 1)
        categories = table.map(\.category)
        for (row, entry) in table.enumerated() {
            for keyword in entry.keywords {
                var word = Word()
                // Keywords are lowercase ASCII letters and digits; anything else could never match a word.
                guard keyword.utf8.allSatisfy({ Self.isWordByte($0) && !($0 >= 0x41 && $0 <= 0x5A) }),
                    keyword.utf8.allSatisfy({ word.append($0) })
                else { continue }
                insert(word, row: row)
            }
        }
    }

    private mutating func insert(_ word: Word, row: Int) {
        var slot = word.slot & Self.mask
        while rows[slot] != 0 {
            if words[slot] == word { return } // an earlier row already has it
            slot = (slot + 1) & Self.mask
        }
        words[slot] = word
        rows[slot] = row + 1
    }

    /// 1 + the first row holding `word`, or 0.
    @inline(__always)
    private func row(of word: Word) -> Int {
        var slot = word.slot & Self.mask
        while true {
            let row = rows[slot]
            if row == 0 || words[slot] == word { return row }
            slot = (slot + 1) & Self.mask
        }
    }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte &- 0x30) < 10 || ((byte | 0x20) &- 0x61) < 26
    }

    /// The category of an event whose type and message are ASCII; nil if either is not.
    func categorize(type: String, message: String) -> EventCategory? {
        var best = Int.max
        guard scan(type, best: &best), scan(message, best: &best) else { return nil }
        return best == Int.max ? .neutral : categories[best - 1]
    }

    /// Lowers `best` to the lowest row of a word in `text`; false if the text is not ASCII.
    private func scan(_ text: String, best: inout Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var word = Word()
            for byte in bytes {
                if byte >= 0x80 { return false }
                if Self.isWordByte(byte) {
                    // ASCII lowercase: set bit 5 of letters only.
                    _ = word.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                } else {
                    finish(word, best: &best)
                    word = Word()
                }
            }
            finish(word, best: &best)
            return true
        }
    }

    @inline(__always)
    private func finish(_ word: Word, best: inout Int) {
        guard word.count > 0, word.count <= 16 else { return }
        let row = row(of: word)
        if row != 0 && row < best { best = row }
    }
}
