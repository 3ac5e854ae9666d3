/// Finds the `type` of a BaoLife envelope (`{"type": "...", "message": ...}`) with one pass over
/// the bytes, without building a JSON tree. Only a top-level `"type"` key counts.
public enum EnvelopeTypeScanner {
    /// The raw bytes of the top-level "type" string, or nil if the payload is not an object with one.
    /// A type spelled with escapes is returned as written (types are plain identifiers in practice).
    public static func type(in payload: [UInt8]) -> [UInt8]? {
        payload.withUnsafeBufferPointer { type(in: $0) }
    }

    public static func type(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var index = 0
        let count = bytes.count
        func skipSpace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }
        /// Moves past a string starting at its opening quote; returns the range of its content.
        func skipString() -> Range<Int>? {
            let start = index + 1
            index = start
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "\""): index += 1; return start..<(index - 1)
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return nil
        }
        /// Moves past any value (string, number, literal, object or array).
        func skipValue() -> Bool {
            guard index < count else { return false }
            if bytes[index] == UInt8(ascii: "\"") { return skipString() != nil }
            var depth = 0
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    if depth == 0 { index += 1; return true }
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default: break
                }
                index += 1
            }
            return depth == 0
        }

        skipSpace()
        guard index < count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while true {
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: "\""), let key = skipString() else { return nil }
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            let isType =
                key.count == 4 && bytes[key.lowerBound] == UInt8(ascii: "t") && bytes[key.lowerBound + 1] == UInt8(ascii: "y")
                && bytes[key.lowerBound + 2] == UInt8(ascii: "p") && bytes[key.lowerBound + 3] == UInt8(ascii: "e")
            if isType {
                guard index < count, bytes[index] == UInt8(ascii: "\""), let value = skipString() else { return nil }
                return Array(bytes[value])
            }
            guard skipValue() else { return nil }
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }
}
