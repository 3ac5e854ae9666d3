/// Finds the first id that occurs earlier in a list, for the uniqueness invariants that run after
/// every replayed message. The answer is exactly that of inserting the ids into a `Set<String>`
/// in order; for ASCII ids (all ids the protocol uses in practice) it hashes the bytes with
/// FNV-1a into a table on the stack, so a check allocates nothing. Equal hashes are confirmed
/// with `==`. Any non-ASCII id sends the whole list to the Set, since Unicode canonical
/// equivalence (String's `==`) can make different bytes equal.
enum DuplicateFinder {
    static func firstDuplicate<Elements: RandomAccessCollection>(
        in elements: Elements, id: (Elements.Element) -> String
    ) -> String? where Elements.Index == Int {
        let count = elements.count
        guard count > 1 else { return nil }
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        let mask = capacity - 1
        let start = elements.startIndex
        let found: String?? = withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots -> String?? in
            // Each slot holds 1 + the position of an element (0: empty).
            slots.initialize(repeating: 0)
            for offset in 0..<count {
                let candidate = id(elements[start + offset])
                guard let hash = asciiHash(candidate) else { return .none }
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    if id(elements[start + slots[slot] - 1]) == candidate { return .some(candidate) }
                    slot = (slot + 1) & mask
                }
                slots[slot] = offset + 1
            }
            return .some(nil)
        }
        if let found { return found }
        var seen = Set<String>()
        for element in elements {
            let candidate = id(element)
            if !seen.insert(candidate).inserted { return candidate }
        }
        return nil
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
