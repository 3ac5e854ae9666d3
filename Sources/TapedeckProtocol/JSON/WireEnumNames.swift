/// The raw values of a `WireEnum` packed into two words each, so a value on the wire is matched
/// with a couple of integer comparisons instead of making a String and switching over Strings.
/// Values longer than 15 bytes are left out and take the ordinary path.
struct WireEnumNames<Value: WireEnum & Sendable>: Sendable {
    private let entries: [(low: UInt64, high: UInt64, value: Value)]

    init() {
        entries = Value.allCases.compactMap { value in
            var bytes = Array(value.rawValue.utf8)
            guard (1...15).contains(bytes.count) else { return nil }
            let count = bytes.count
            bytes += [UInt8](repeating: 0, count: 16 - count)
            let (low, high) = bytes.withUnsafeBytes { Self.pack($0.baseAddress!, count: count) }
            return (low, high, value)
        }
    }

    /// The value whose raw value is the `count` (1...15) bytes at `start`; 16 bytes must be readable.
    @inline(__always)
    func match(_ start: UnsafeRawPointer, count: Int) -> Value? {
        let (low, high) = Self.pack(start, count: count)
        for entry in entries where entry.low == low && entry.high == high { return entry.value }
        return nil
    }

    /// The `count` bytes as two little-endian words, zero past `count`.
    @inline(__always)
    static func pack(_ start: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        let low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if count < 8 { return (low & ((1 &<< UInt64(count << 3)) &- 1), 0) }
        return (low, high & ((1 &<< UInt64((count - 8) << 3)) &- 1))
    }
}
