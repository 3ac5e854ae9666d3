/// Checks UTF-8 a piece at a time, so a text message can be judged frame by frame (a code point
/// may be split across fragments) and refused at the first bad byte (RFC 6455 §8.1). Rejects
/// overlong forms, surrogates and code points above U+10FFFF, as Unicode's well-formed table does.
public struct UTF8Validator: Sendable {
    /// Continuation bytes the current code point still needs.
    private var needed = 0
    /// Allowed range of the next continuation byte (narrower right after some lead bytes).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    public private(set) var failed = false

    public init() {}

    /// Whether everything fed so far can still be valid UTF-8.
    @discardableResult
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard !failed else { return false }
        for byte in bytes {
            if needed > 0 {
                guard byte >= lower && byte <= upper else { failed = true; return false }
                needed -= 1
                lower = 0x80; upper = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: needed = 1
            case 0xE0: needed = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: needed = 2
            case 0xED: needed = 2; upper = 0x9F
            case 0xF0: needed = 3; lower = 0x90
            case 0xF1...0xF3: needed = 3
            case 0xF4: needed = 3; upper = 0x8F
            default: failed = true; return false
            }
        }
        return true
    }

    /// Whether the bytes fed so far are valid UTF-8 and end on a whole code point.
    public var isComplete: Bool { !failed && needed == 0 }
}
