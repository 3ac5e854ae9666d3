import TapedeckProtocol

/// Finds the first id that occurs earlier in a list, for the uniqueness invariants that run after
/// every replayed message. The answer is exactly that of inserting the ids into a `Set<String>`
/// in order; for ASCII ids (all ids the protocol uses in practice) it hashes the bytes with
/// FNV-1a into a table on the stack, so a check allocates nothing. Equal hashes are confirmed
/// with `==`. Any non-ASCII id sends the whole list to the Set, since Unicode canonical
/// equivalence (String's `==`) can make different bytes equal.
enum DuplicateFinder {
    /// The first of the `count` ids (`id(0)`, `id(1)`...) equal to one before it, or nil.
    /// Ids are read by position so callers can project a field out of an array element without
    /// copying the element.
    @inline(__always)
    static func firstDuplicate(count: Int, id: (Int) -> String) -> String? {
        guard count > 1 else { return nil }
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        let mask = capacity - 1
        if let found = firstDuplicateOfSmallASCII(count: count, capacity: capacity, id: id) { return found }
        let found: String?? = withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots -> String?? in
            // Each slot holds 1 + the position of an id (0: empty).
            slots.initialize(repeating: 0)
            for position in 0..<count {
                let candidate = id(position)
                guard let hash = asciiHash(candidate) else { return .none }
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    if id(slots[slot] - 1) == candidate { return .some(candidate) }
                    slot = (slot + 1) & mask
                }
                slots[slot] = position + 1
            }
            return .some(nil)
        }
        if let found { return found }
        var seen = Set<String>()
        for position in 0..<count {
            let candidate = id(position)
            if !seen.insert(candidate).inserted { return candidate }
        }
        return nil
    }

    /// The fast path for ids that are all small ASCII strings (at most 15 bytes, stored inline in
    /// the String value): such a String's two words are a function of its bytes alone
    /// (TapedeckProtocol's `SmallStringLayout`, the layout check the decoder shares), and two
    /// ASCII strings are equal exactly when their bytes are, so the words themselves are compared.
    /// Returns nil (use the general path) when any id is not a small ASCII string; `.some(nil)`
    /// when there is no duplicate.
    @inline(__always)
    static func firstDuplicateOfSmallASCII(count: Int, capacity: Int, id: (Int) -> String) -> String?? {
        guard SmallStringLayout.isKnown else { return nil }
        let mask = capacity - 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots -> String?? in
            withUnsafeTemporaryAllocation(of: SIMD2<UInt64>.self, capacity: count) { words -> String?? in
                slots.initialize(repeating: 0)
                for position in 0..<count {
                    let candidate = id(position)
                    guard let bits = SmallStringLayout.inlinedASCIIWords(candidate) else { return nil }
                    words[position] = bits
                    var slot = Int(truncatingIfNeeded: (bits.x &* 0x9E37_79B9_7F4A_7C15 ^ bits.y) >> 32) & mask
                    while slots[slot] != 0 {
                        if words[slots[slot] - 1] == bits { return .some(candidate) }
                        slot = (slot + 1) & mask
                    }
                    slots[slot] = position + 1
                }
                return .some(nil)
            }
        }
    }

    /// FNV-1a of the UTF-8 bytes, or nil when the text is not all ASCII.
    @inline(__always)
    static func asciiHash(_ text: String) -> UInt64? {
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64? {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            var high: UInt8 = 0
            for byte in bytes {
                high |= byte
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return high < 0x80 ? hash : nil
        }
        if let hash = text.utf8.withContiguousStorageIfAvailable({ fnv($0) }) { return hash }
        return fnv(text.utf8)
    }
}
