/// Finds the values to redact in a JSON text without parsing it into a tree: a byte-level walk
/// that notes where each matching value starts and ends, so the rest of the text can be copied
/// unchanged. Text that is not JSON yields the matches found before the first error.
struct JSONSecretScanner {
    struct Match {
        /// The value's bytes, quotes included for strings.
        var range: Range<Int>
        var isString: Bool
    }

    private let bytes: UnsafeRawBufferPointer
    private let keys: [[UInt8]]
    private let pointers: [[[UInt8]]]
    private var index = 0
    private var path: [[UInt8]] = []
    private(set) var matches: [Match] = []
    private static let maxDepth = 512

    private struct Stop: Error {}

    init(bytes: UnsafeRawBufferPointer, keys: [[UInt8]], pointers: [[[UInt8]]]) {
        self.bytes = bytes; self.keys = keys; self.pointers = pointers
    }

    /// Scans the whole text; `matches` then holds the values to replace, in order.
    mutating func scan() {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else { return }
        do { try value(depth: 0) } catch {}
    }

    private mutating func value(depth: Int) throws(Stop) {
        guard depth < Self.maxDepth else { throw Stop() }
        skipSpace()
        guard index < bytes.count else { throw Stop() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            skipSpace()
            if peek(UInt8(ascii: "}")) { index += 1; return }
            while true {
                skipSpace()
                guard peek(UInt8(ascii: "\"")) else { throw Stop() }
                let keyRange = try string()
                let key = Self.decoded(bytes, keyRange.lowerBound + 1..<keyRange.upperBound - 1)
                skipSpace()
                guard peek(UInt8(ascii: ":")) else { throw Stop() }
                index += 1
                try member(key, depth: depth)
                skipSpace()
                guard index < bytes.count else { throw Stop() }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return }
                throw Stop()
            }
        case UInt8(ascii: "["):
            index += 1
            skipSpace()
            if peek(UInt8(ascii: "]")) { index += 1; return }
            var element = 0
            while true {
                try member(pointers.isEmpty ? [] : Array(String(element).utf8), depth: depth, isArrayElement: true)
                element += 1
                skipSpace()
                guard index < bytes.count else { throw Stop() }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                throw Stop()
            }
        case UInt8(ascii: "\""):
            _ = try string()
        default:
            let start = index
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            if index == start { throw Stop() }
        }
    }

    /// One object member's or array element's value: redacted whole when its key or path matches.
    private mutating func member(_ key: [UInt8], depth: Int, isArrayElement: Bool = false) throws(Stop) {
        if !pointers.isEmpty { path.append(key) }
        defer { if !pointers.isEmpty { path.removeLast() } }
        let hit = (!isArrayElement && keys.contains(key)) || (!pointers.isEmpty && pointers.contains(path))
        skipSpace()
        let start = index
        try value(depth: depth + 1)
        if hit {
            // A match inside a redacted value is covered by it.
            while let last = matches.last, last.range.lowerBound >= start { matches.removeLast() }
            matches.append(Match(range: start..<index, isString: bytes[start] == UInt8(ascii: "\"")))
        }
    }

    /// Skips a string starting at its opening quote; returns its range, quotes included.
    private mutating func string() throws(Stop) -> Range<Int> {
        let start = index
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return start..<index
            case UInt8(ascii: "\\"):
                index += 2
            default:
                index += 1
            }
        }
        throw Stop()
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
            || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// A JSON string's content with its escapes resolved (the bytes as the sender meant them).
    static func decoded(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < range.upperBound else {
                out.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard index + 4 <= range.upperBound, var scalar = hex4(bytes, index) else { out.append(escaped); continue }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= range.upperBound,
                    bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                    let low = hex4(bytes, index + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: out.append(escaped)
            }
        }
        return out
    }

    private static func hex4(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[at + offset]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
