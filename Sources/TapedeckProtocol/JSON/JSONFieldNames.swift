/// The member names one decoder knows, in the order the server writes them (docs/PROTOCOL.md).
/// Objects on the wire keep that order, so the next member is usually the next name here, or one
/// a few places on when optional fields are left out. `JSONReader.nextField` checks that guess
/// with three word compares of the bytes `,"name":` and only scans and looks up the name when the
/// guess is wrong. Decoders switch on a name's position in this list.
///
/// Built once per decoded type (a `static let`) and never freed; names are at most 20 bytes, so
/// `,"name":` fits in three words.
///
/// `@unchecked Sendable`: the two buffers are filled in `init` and only read after it, and never
/// freed, so every decoder on every thread may read them at once.
struct JSONFieldNames: ExpressibleByArrayLiteral, @unchecked Sendable {
    static let maxNameLength = 20

    let count: Int
    /// Per name, 8 words: `,"name":` as three little-endian words, their three byte masks, the
    /// pattern's length, and one unused word (a power-of-two stride).
    private let patterns: UnsafeMutablePointer<UInt64>
    private let names: UnsafeMutablePointer<StaticString>

    init(arrayLiteral names: StaticString...) {
        count = names.count
        self.names = .allocate(capacity: names.count)
        self.names.initialize(from: names, count: names.count)
        patterns = .allocate(capacity: names.count * 8)
        patterns.initialize(repeating: 0, count: names.count * 8)
        for (index, name) in names.enumerated() {
            precondition(
                name.utf8CodeUnitCount <= Self.maxNameLength, "field name \(name) is longer than \(Self.maxNameLength) bytes")
            let bytes =
                [UInt8(ascii: ",")] + [UInt8(ascii: "\"")]
                + Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
                + [UInt8(ascii: "\""), UInt8(ascii: ":")]
            let entry = patterns + index * 8
            for (k, byte) in bytes.enumerated() {
                entry[k / 8] |= UInt64(byte) << UInt64(8 * (k % 8))
                entry[3 + k / 8] |= 0xFF << UInt64(8 * (k % 8))
            }
            entry[6] = UInt64(bytes.count)
        }
    }

    /// The name at `index`.
    func name(_ index: Int) -> StaticString { names[index] }

    /// The length of `,"name":` when it is the 24 bytes given as three little-endian words
    /// (`JSONReader.words24`), or when `"name":` starts at their second byte if `skipComma`; 0 otherwise.
    @inline(__always)
    func matchLength(_ index: Int, in words: (UInt64, UInt64, UInt64), skipComma: Bool) -> Int {
        let entry = patterns + index &* 8
        let firstMask = skipComma ? entry[3] & ~0xFF : entry[3]
        let difference =
            ((words.0 ^ entry[0]) & firstMask) | ((words.1 ^ entry[1]) & entry[4]) | ((words.2 ^ entry[2]) & entry[5])
        return difference == 0 ? Int(truncatingIfNeeded: entry[6]) : 0
    }

    /// The first name from `start` on whose `"name":` begins at the second of the 24 bytes in
    /// `words`, and its `matchLength`.
    @inline(__always)
    func firstMatch(from start: Int, in words: (UInt64, UInt64, UInt64)) -> (index: Int, length: Int)? {
        var index = start
        while index < count {
            // Most names differ within the first word, so that one is compared before the rest.
            if (words.0 ^ patterns[index &* 8]) & patterns[index &* 8 &+ 3] & ~0xFF == 0 {
                let length = matchLength(index, in: words, skipComma: true)
                if length != 0 { return (index, length) }
            }
            index &+= 1
        }
        return nil
    }

    /// The position of `key` (compared as `JSONKey` compares, escapes resolved), or `count` when
    /// the decoder does not know it.
    func index(of key: JSONKey) -> Int {
        for index in 0..<count where key == names[index] { return index }
        return count
    }
}
