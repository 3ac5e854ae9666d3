/// RFC 6455 5.3 masking, eight bytes at a time: the same XOR masks and unmasks. NIO's
/// `webSocketMask` takes a byte at a time with a modulo for each (about 24 instructions a byte
/// under callgrind), which made masking the largest part of relaying an app's frame. In an
/// `Unsafe/` folder (docs/DEVELOPMENT.md, "Unsafe code") for its eight-byte loads and stores; `make sanitize`
/// runs its tests under AddressSanitizer.
public enum WebSocketMasking {
    /// The four bytes of a masking key, in the order they are on the wire.
    public typealias Key = (UInt8, UInt8, UInt8, UInt8)

    /// Writes `source` XORed with `key` into the start of `target` (at least as long); `phase` is
    /// the key's byte that applies to `source`'s first byte (0–3), for a payload in two parts.
    ///
    /// - Parameters:
    ///   - source: The bytes to mask or unmask.
    ///   - key: The masking key.
    ///   - phase: The key byte for `source`'s first byte, 0 to 3; another is a precondition failure.
    ///   - target: Where to write; shorter than `source` is a precondition failure.
    public static func copy(
        _ source: UnsafeRawBufferPointer, maskedWith key: Key, phase: Int = 0, into target: UnsafeMutableRawBufferPointer
    ) {
        precondition(target.count >= source.count && (0..<4).contains(phase), "masking past the target or at a phase over 3")
        // The key repeated over eight bytes from `phase`, in memory order, as the loads read them.
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { wordBytes in
            withUnsafeBytes(of: key) { keyBytes in
                for index in 0..<8 { wordBytes[index] = keyBytes[(index + phase) & 3] }
            }
        }
        let count = source.count
        var index = 0
        // Eight bytes a step, each load and store inside both buffers (index + 8 <= count).
        while index + 8 <= count {
            let masked = source.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ word
            target.storeBytes(of: masked, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        // The last zero to seven bytes: `index` is a multiple of eight, so the word's phase holds.
        withUnsafeBytes(of: word) { wordBytes in
            while index < count {
                target[index] = source[index] ^ wordBytes[index & 7]
                index += 1
            }
        }
    }
}
