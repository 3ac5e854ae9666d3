/// Checks UTF-8 a piece at a time, so a text message can be judged frame by frame (a code point
/// may be split across fragments) and refused at the first bad byte (RFC 6455 §8.1). Rejects
/// overlong forms, surrogates and code points above U+10FFFF, as Unicode's well-formed table does.
public struct UTF8Validator: Sendable {
    /// Continuation bytes the current code point still needs.
    private var needed = 0
    /// Allowed range of the next continuation byte (narrower right after some lead bytes).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// Whether a bad byte was seen; once set, every later `feed` returns false.
    public private(set) var failed = false

    /// A validator at the start of a text.
    public init() {}

    /// Whether everything fed so far can still be valid UTF-8. Contiguous bytes: the proxy's
    /// path for every text frame. Not generic, so a caller in another module runs this
    /// specialised loop rather than a generic one stepping an iterator through witness tables;
    /// runs of ASCII, most of a JSON message, are skipped 32 bytes a step (four words tested
    /// at once), then eight.
    ///
    /// - Parameter bytes: The next bytes of the text.
    /// - Returns: False from the first bad byte on; true otherwise (a code point may still be open).
    @discardableResult
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        firstFailure(feeding: bytes) == nil
    }

    /// Where whole bytes stop being well-formed UTF-8, for errors that point at the byte: nil when
    /// they are valid; else the offset of the first byte at fault (the count when they end inside
    /// a code point) and whether a continuation byte was expected there.
    ///
    /// - Parameter bytes: The whole text.
    /// - Returns: The offset of the first bad byte and whether it was inside a sequence, or nil.
    public static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> (offset: Int, inSequence: Bool)? {
        var validator = UTF8Validator()
        if let offset = validator.firstFailure(feeding: bytes) { return (offset, validator.needed > 0) }
        return validator.needed > 0 ? (bytes.count, true) : nil
    }

    /// Feeds the bytes; the offset of the byte that failed, or nil.
    private mutating func firstFailure(feeding bytes: UnsafeRawBufferPointer) -> Int? {
        guard !failed else { return 0 }
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < count {
            if needed == 0 {
                // Every load inside the buffer: index + 32 (or + 8) <= count.
                while index &+ 32 <= count {
                    let words =
                        base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        | base.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                        | base.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
                        | base.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
                    guard words & highBits == 0 else { break }
                    index &+= 32
                }
                while index &+ 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits == 0 {
                    index &+= 8
                }
                guard index < count else { break }
            }
            guard step(base.load(fromByteOffset: index, as: UInt8.self)) else { return index }
            index &+= 1
        }
        return nil
    }

    /// `feed` of the bytes of an array or a slice of one, in place.
    ///
    /// - Parameter bytes: The next bytes of the text.
    /// - Returns: False from the first bad byte on.
    @discardableResult
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        feed(UnsafeRawBufferPointer(bytes))
    }

    /// `feed` for any bytes; contiguous storage takes the loop above.
    ///
    /// - Parameter bytes: The next bytes of the text.
    /// - Returns: False from the first bad byte on.
    @discardableResult
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable({ feed(UnsafeRawBufferPointer($0)) }) { return result }
        guard !failed else { return false }
        for byte in bytes where !step(byte) { return false }
        return true
    }

    /// One byte through the well-formed table; false (and `failed`) at the first bad one.
    @inline(__always)
    private mutating func step(_ byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= lower && byte <= upper else {
                failed = true
                return false
            }
            needed -= 1
            lower = 0x80
            upper = 0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F: break
        case 0xC2...0xDF: needed = 1
        case 0xE0:
            needed = 2
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED:
            needed = 2
            upper = 0x9F
        case 0xF0:
            needed = 3
            lower = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4:
            needed = 3
            upper = 0x8F
        default:
            failed = true
            return false
        }
        return true
    }

    /// Whether the bytes fed so far are valid UTF-8 and end on a whole code point.
    public var isComplete: Bool { !failed && needed == 0 }
}
