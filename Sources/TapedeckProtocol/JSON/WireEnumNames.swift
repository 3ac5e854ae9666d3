/// The raw values of a `WireEnum` packed into two words each, so a value on the wire is matched
/// with a couple of integer comparisons instead of making a String and switching over Strings.
/// Values longer than 15 bytes are left out and take the ordinary path.
struct WireEnumNames<Value: WireEnum & Sendable>: Sendable {
    private let entries: [(low: UInt64, high: UInt64, value: Value)]

    init() {
        entries = Value.allCases.compactMap { value in
            let bytes = Array(value.rawValue.utf8)
            guard (1...15).contains(bytes.count) else { return nil }
            let (low, high) = bytes.withUnsafeBytes {
                SmallASCIIString.words($0.baseAddress!, count: $0.count, readable: $0.count)
            }
            return (low, high, value)
        }
    }

    /// The value whose raw value is the `count` (1...15) bytes at `start`; 16 bytes must be readable.
    @inline(__always)
    func match(_ start: UnsafeRawPointer, count: Int) -> Value? {
        let (low, high) = SmallASCIIString.words(start, count: count, readable: 16)
        for entry in entries where entry.low == low && entry.high == high { return entry.value }
        return nil
    }
}
