/// SHA-256 (FIPS 180-4) in Swift, so the runtime package needs no cryptography library: snapshot
/// digests and redaction tokens are its only hashes, over kilobytes. `SHA256HasherTests` checks it
/// against FIPS 180-4's examples and against swift-crypto at every length around the block size.
public struct SHA256Hasher: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// The bytes that do not yet make a whole 64-byte block.
    private var pending: [UInt8] = []
    /// Bytes given so far.
    private var length: UInt64 = 0

    /// A hasher that has been given nothing yet.
    public init() {}

    /// The 32-byte digest of `bytes`.
    ///
    /// - Parameter bytes: The message.
    /// - Returns: Its digest.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds bytes to the message: hashing in parts gives the digest of the parts joined.
    ///
    /// - Parameter bytes: The next bytes of the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if contiguous == nil { Array(bytes).withUnsafeBufferPointer { update(buffer: $0) } }
    }

    /// The digest of everything given to `update`.
    ///
    /// The hasher is left as it was, so more can be added and finalized again.
    ///
    /// - Returns: The 32-byte digest.
    public func finalize() -> [UInt8] {
        var copy = self
        let bits = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count, by: 64) {
                copy.compress(UnsafeBufferPointer(rebasing: buffer[start..<start + 64]))
            }
        }
        return copy.state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    private mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(buffer.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, buffer.count)
            pending += buffer[0..<taken]
            start = taken
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBufferPointer { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - start >= 64 {
            compress(UnsafeBufferPointer(rebasing: buffer[start..<start + 64]))
            start += 64
        }
        pending += buffer[start...]
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block into the state (FIPS 180-4, 6.2.2).
    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for index in 0..<16 {
                w[index] =
                    UInt32(block[index * 4]) << 24 | UInt32(block[index * 4 + 1]) << 16
                    | UInt32(block[index * 4 + 2]) << 8 | UInt32(block[index * 4 + 3])
            }
            for index in 16..<64 {
                let s0 = rotated(w[index - 15], 7) ^ rotated(w[index - 15], 18) ^ (w[index - 15] >> 3)
                let s1 = rotated(w[index - 2], 17) ^ rotated(w[index - 2], 19) ^ (w[index - 2] >> 10)
                w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            var (e, f, g, h) = (state[4], state[5], state[6], state[7])
            for index in 0..<64 {
                let t1 =
                    h &+ (rotated(e, 6) ^ rotated(e, 11) ^ rotated(e, 25)) &+ ((e & f) ^ (~e & g))
                    &+ Self.roundConstants[index] &+ w[index]
                let t2 = (rotated(a, 2) ^ rotated(a, 13) ^ rotated(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
        }
    }
}

@inline(__always) private func rotated(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
