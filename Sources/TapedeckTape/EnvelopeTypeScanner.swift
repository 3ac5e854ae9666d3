import TapedeckCore

/// Finds the `type` of a BaoLife envelope (`{"type": "...", "message": ...}`) with one pass over
/// the bytes, without building a JSON tree. Only a top-level `"type"` key counts.
public enum EnvelopeTypeScanner {
    /// The raw bytes of the top-level "type" string, or nil if the payload is not an object with one.
    /// A type spelled with escapes is returned as written (types are plain identifiers in practice).
    ///
    /// - Parameter payload: A message's bytes, JSON text as UTF-8.
    /// - Returns: The bytes between the quotes of the top-level `type` value; nil when the payload
    ///   is not a JSON object, has no top-level `type`, its `type` is not a string, or the scan
    ///   meets malformed JSON before it.
    public static func type(in payload: [UInt8]) -> [UInt8]? {
        payload.withUnsafeBufferPointer { type(in: $0) }
    }

    /// The same over bytes the caller holds already, without copying them.
    ///
    /// - Parameter bytes: A message's bytes, JSON text as UTF-8.
    /// - Returns: The bytes between the quotes of the top-level `type` value, or nil as above.
    public static func type(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var scanner = JSONScanner(UnsafeRawBufferPointer(bytes))
        /// Moves past a string starting at its opening quote; returns the range of its content.
        func skipString() -> Range<Int>? {
            scanner.skipString().map { $0.lowerBound + 1..<$0.upperBound - 1 }
        }
        /// Moves past any value (string, number, literal, object or array).
        func skipValue() -> Bool {
            guard !scanner.isAtEnd else { return false }
            if scanner.peek(UInt8(ascii: "\"")) { return skipString() != nil }
            var depth = 0
            while !scanner.isAtEnd {
                switch bytes[scanner.position] {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    if depth == 0 {
                        scanner.position += 1
                        return true
                    }
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default: break
                }
                scanner.position += 1
            }
            return depth == 0
        }

        scanner.skipWhitespace()
        guard scanner.peek(UInt8(ascii: "{")) else { return nil }
        scanner.position += 1
        while true {
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: "\"")), let key = skipString() else { return nil }
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: ":")) else { return nil }
            scanner.position += 1
            scanner.skipWhitespace()
            let isType =
                key.count == 4 && bytes[key.lowerBound] == UInt8(ascii: "t") && bytes[key.lowerBound + 1] == UInt8(ascii: "y")
                && bytes[key.lowerBound + 2] == UInt8(ascii: "p") && bytes[key.lowerBound + 3] == UInt8(ascii: "e")
            if isType {
                guard scanner.peek(UInt8(ascii: "\"")), let value = skipString() else { return nil }
                return Array(bytes[value])
            }
            guard skipValue() else { return nil }
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: ",")) else { return nil }
            scanner.position += 1
        }
    }
}
