/// xxHash32 (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md), the checksum of the
/// LZ4 frame format: the header checksum byte, block checksums and the content checksum. Fed in
/// pieces of any size (`update`), it gives the same digest as one call over all the bytes
/// (`hash`), so a frame's content checksum can follow its blocks as they are decoded. Package-wide:
/// TapedeckRecorder's Swift frame writer computes the same checksums.
package struct XXHash32 {
    private static let prime1: UInt32 = 2_654_435_761
    private static let prime2: UInt32 = 2_246_822_519
    private static let prime3: UInt32 = 3_266_489_917
    private static let prime4: UInt32 = 668_265_263
    private static let prime5: UInt32 = 374_761_393

    private let seed: UInt32
    private var v1: UInt32
    private var v2: UInt32
    private var v3: UInt32
    private var v4: UInt32
    /// Bytes fed so far.
    private var totalLength: UInt64 = 0
    /// Up to 15 bytes that do not yet fill a 16-byte stripe.
    private var pending: (UInt64, UInt64) = (0, 0)
    private var pendingCount = 0

    package init(seed: UInt32 = 0) {
        self.seed = seed
        v1 = seed &+ Self.prime1 &+ Self.prime2
        v2 = seed &+ Self.prime2
        v3 = seed
        v4 = seed &- Self.prime1
    }

    /// The hash of `bytes` in one call.
    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        var state = XXHash32(seed: seed)
        state.update(bytes)
        return state.digest()
    }

    @inline(__always)
    private static func round(_ accumulator: UInt32, _ lane: UInt32) -> UInt32 {
        rotate(accumulator &+ lane &* prime2, 13) &* prime1
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 &- count)
    }

    @inline(__always)
    private static func lane(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Runs the four lanes over every whole 16-byte stripe of `count` bytes at `base`; returns
    /// how many bytes that consumed.
    @inline(__always)
    private mutating func stripes(_ base: UnsafeRawPointer, _ count: Int) -> Int {
        var a = v1
        var b = v2
        var c = v3
        var d = v4
        var offset = 0
        let limit = count &- 16
        while offset <= limit {
            a = Self.round(a, Self.lane(base, offset))
            b = Self.round(b, Self.lane(base, offset &+ 4))
            c = Self.round(c, Self.lane(base, offset &+ 8))
            d = Self.round(d, Self.lane(base, offset &+ 12))
            offset &+= 16
        }
        v1 = a
        v2 = b
        v3 = c
        v4 = d
        return offset
    }

    /// Feeds more bytes.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress, bytes.count > 0 else { return }
        var count = bytes.count
        totalLength &+= UInt64(count)
        if pendingCount > 0 {
            let taken = min(16 - pendingCount, count)
            withUnsafeMutableBytes(of: &pending) { stripe in
                stripe.baseAddress!.advanced(by: pendingCount).copyMemory(from: base, byteCount: taken)
            }
            pendingCount += taken
            base += taken
            count -= taken
            guard pendingCount == 16 else { return }
            var stripe = pending
            _ = withUnsafeBytes(of: &stripe) { stripes($0.baseAddress!, 16) }
            pendingCount = 0
        }
        let used = stripes(base, count)
        let rest = count - used
        if rest > 0 {
            withUnsafeMutableBytes(of: &pending) { stripe in
                stripe.baseAddress!.copyMemory(from: base + used, byteCount: rest)
            }
            pendingCount = rest
        }
    }

    /// The hash of everything fed so far (the state is unchanged; more bytes may follow).
    package func digest() -> UInt32 {
        var hash: UInt32
        if totalLength >= 16 {
            hash = Self.rotate(v1, 1) &+ Self.rotate(v2, 7) &+ Self.rotate(v3, 12) &+ Self.rotate(v4, 18)
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= UInt32(truncatingIfNeeded: totalLength)
        var stripe = pending
        let count = pendingCount
        withUnsafeBytes(of: &stripe) { raw in
            let base = raw.baseAddress!
            var offset = 0
            while offset &+ 4 <= count {
                hash = Self.rotate(hash &+ Self.lane(base, offset) &* Self.prime3, 17) &* Self.prime4
                offset &+= 4
            }
            while offset < count {
                hash =
                    Self.rotate(hash &+ UInt32(base.load(fromByteOffset: offset, as: UInt8.self)) &* Self.prime5, 11)
                    &* Self.prime1
                offset &+= 1
            }
        }
        hash ^= hash >> 15
        hash = hash &* Self.prime2
        hash ^= hash >> 13
        hash = hash &* Self.prime3
        hash ^= hash >> 16
        return hash
    }
}
