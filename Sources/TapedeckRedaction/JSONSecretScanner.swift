import TapedeckCore

/// Finds the values to redact in a JSON text without parsing it into a tree: a byte-level walk
/// that notes where each matching value starts and ends, so the rest of the text can be copied
/// unchanged. Text that is not JSON yields the matches found before the first error.
struct JSONSecretScanner {
    struct Match {
        /// The value's bytes, quotes included for strings.
        var range: Range<Int>
        var isString: Bool
    }

    private var scanner: JSONScanner
    private var bytes: UnsafeRawBufferPointer { scanner.bytes }
    private var index: Int {
        get { scanner.position }
        set { scanner.position = newValue }
    }
    private let keys: [[UInt8]]
    private let pointers: [[[UInt8]]]
    private var path: [[UInt8]] = []
    private(set) var matches: [Match] = []
    private static let maxDepth = 512

    private struct Stop: Error {}

    init(bytes: UnsafeRawBufferPointer, keys: [[UInt8]], pointers: [[[UInt8]]]) {
        scanner = JSONScanner(bytes)
        self.keys = keys
        self.pointers = pointers
    }

    /// Scans the whole text; `matches` then holds the values to replace, in order.
    mutating func scan() {
        scanner.skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else { return }
        do { try value(depth: 0) } catch {}
    }

    private mutating func value(depth: Int) throws(Stop) {
        guard depth < Self.maxDepth else { throw Stop() }
        scanner.skipWhitespace()
        guard index < bytes.count else { throw Stop() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            scanner.skipWhitespace()
            if scanner.peek(UInt8(ascii: "}")) {
                index += 1
                return
            }
            while true {
                scanner.skipWhitespace()
                guard scanner.peek(UInt8(ascii: "\"")) else { throw Stop() }
                let keyRange = try string()
                let content = keyRange.lowerBound + 1..<keyRange.upperBound - 1
                scanner.skipWhitespace()
                guard scanner.peek(UInt8(ascii: ":")) else { throw Stop() }
                index += 1
                // A key without escapes is compared where it lies: no copy for every key of every
                // message (pointer rules need the decoded key for the path).
                let hasEscapes = bytes[content].contains(UInt8(ascii: "\\"))
                let decodedKey = hasEscapes || !pointers.isEmpty ? Self.decoded(bytes, content) : nil
                let isKey = decodedKey.map { keys.contains($0) } ?? isRuleKey(content)
                try member(decodedKey ?? [], isKey: isKey, depth: depth)
                scanner.skipWhitespace()
                guard index < bytes.count else { throw Stop() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return
                }
                throw Stop()
            }
        case UInt8(ascii: "["):
            index += 1
            scanner.skipWhitespace()
            if scanner.peek(UInt8(ascii: "]")) {
                index += 1
                return
            }
            var element = 0
            while true {
                try member(pointers.isEmpty ? [] : Array(String(element).utf8), isKey: false, depth: depth)
                element += 1
                scanner.skipWhitespace()
                guard index < bytes.count else { throw Stop() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return
                }
                throw Stop()
            }
        case UInt8(ascii: "\""):
            _ = try string()
        default:
            let start = index
            scanner.skipUncheckedScalar()
            if index == start { throw Stop() }
        }
    }

    /// Whether the raw bytes at `range` (a key with no escapes) are one of the rule keys.
    private func isRuleKey(_ range: Range<Int>) -> Bool {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
        return keys.contains { $0.count == raw.count && $0.elementsEqual(raw) }
    }

    /// One object member's or array element's value: redacted whole when its key (`isKey`: a rule
    /// key) or path matches. `key` is the path step, used only with pointer rules.
    private mutating func member(_ key: [UInt8], isKey: Bool, depth: Int) throws(Stop) {
        if !pointers.isEmpty { path.append(key) }
        defer { if !pointers.isEmpty { path.removeLast() } }
        let hit = isKey || (!pointers.isEmpty && pointers.contains(path))
        scanner.skipWhitespace()
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
        guard let range = scanner.skipString() else { throw Stop() }
        return range
    }

    /// A JSON string's content with its escapes resolved (the bytes as the sender meant them).
    static func decoded(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        let scanner = JSONScanner(bytes)
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
            guard escaped == UInt8(ascii: "u") else {
                out.append(JSONScanner.unescaped(escaped) ?? escaped)
                continue
            }
            guard index + 4 <= range.upperBound, var scalar = scanner.hex4(at: index) else {
                out.append(escaped)
                continue
            }
            index += 4
            if JSONScanner.isHighSurrogate(scalar), index + 6 <= range.upperBound,
                bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                let low = scanner.hex4(at: index + 2), JSONScanner.isLowSurrogate(low)
            {
                scalar = JSONScanner.combine(high: scalar, low: low)
                index += 6
            }
            // A lone surrogate is no character: it stands as U+FFFD.
            JSONScanner.appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
        }
        return out
    }
}
