#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The long strings (16 to 64 bytes) and the short string lists (up to 64 bytes of JSON) this
/// thread decoded recently, so the next occurrence shares the stored value instead of allocating,
/// copying and validating a new one, and dropping it later frees nothing. A session repeats them
/// all the time: avatar URLs and names in every `playerObject`, the answer options of every
/// question, the texts of recurring life events; each person's interests and traits, and each
/// relationship's milestones.
///
/// One table per thread (no locks; decoding never suspends): 1,024 string slots and 1,024 list
/// slots indexed by a hash of the bytes, a newer value replacing an older one in its slot, so at
/// most 1,024 strings and 1,024 lists of at most 64 bytes are kept. Sharing storage is invisible to
/// callers: Strings and Arrays are values, equal bytes give an equal value either way.
final class RecentStrings {
    static let maxLength = 64
    private static let slotMask = 1023
    private static let listSlotMask = 1023

    // Raw storage rather than arrays in stored `var`s: a class's `var` pays a dynamic
    // exclusivity check on every access, which cost more than the allocation saved. Each slot
    // keeps its string's bytes too, so a lookup compares bytes without touching the String.
    private let hashes: UnsafeMutablePointer<UInt64>
    private let strings: UnsafeMutablePointer<String>
    private let bytes: UnsafeMutableRawPointer
    private let listKeys: UnsafeMutablePointer<ListKey>
    private let lists: UnsafeMutablePointer<[String]>
    private let listBytes: UnsafeMutableRawPointer

    private init() {
        hashes = .allocate(capacity: Self.slotMask + 1)
        hashes.initialize(repeating: 0, count: Self.slotMask + 1)
        strings = .allocate(capacity: Self.slotMask + 1)
        strings.initialize(repeating: "", count: Self.slotMask + 1)
        bytes = .allocate(byteCount: (Self.slotMask + 1) * Self.maxLength, alignment: 8)
        listKeys = .allocate(capacity: Self.listSlotMask + 1)
        listKeys.initialize(repeating: ListKey(hash: 0, length: 0), count: Self.listSlotMask + 1)
        lists = .allocate(capacity: Self.listSlotMask + 1)
        lists.initialize(repeating: [], count: Self.listSlotMask + 1)
        listBytes = .allocate(byteCount: (Self.listSlotMask + 1) * Self.maxLength, alignment: 8)
    }

    deinit {
        strings.deinitialize(count: Self.slotMask + 1)
        strings.deallocate()
        hashes.deallocate()
        bytes.deallocate()
        lists.deinitialize(count: Self.listSlotMask + 1)
        lists.deallocate()
        listKeys.deallocate()
        listBytes.deallocate()
    }

    /// The String of the `count` bytes at `start` (valid UTF-8, 16...64 bytes), shared with an
    /// earlier equal one when this table still holds it.
    func string(_ start: UnsafeRawPointer, count: Int) -> String {
        // A longer string would overrun its slot's 64 bytes; a shorter one, the hash's word loads.
        precondition(count >= 16 && count <= Self.maxLength, "RecentStrings keeps strings of 16 to 64 bytes, not \(count)")
        // The count is part of the hash; equal hashes and equal bytes over `count` mean equal strings.
        let hash = Self.hash(start, count: count)
        let slot = Int(truncatingIfNeeded: hash >> 54) & Self.slotMask
        let stored = bytes + slot &* Self.maxLength
        if hashes[slot] == hash, JSONKey.equalBytes(stored, start, count), strings[slot].utf8.count == count {
            return strings[slot]
        }
        let made = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
        hashes[slot] = hash
        strings[slot] = made
        stored.copyMemory(from: start, byteCount: count)
        return made
    }

    /// A 64-bit hash of the bytes, a word at a time (the last word overlaps when `count` is not a
    /// multiple of 8; `count` is at least 8). Never 0, which marks an empty slot.
    @inline(__always)
    static func hash(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
        assert(count >= 8, "hash reads whole words, \(count) bytes is too short")
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset &+ 8 < count {
            hash = hashStep(hash, start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        return hashEnd(hash, start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }

    /// Mixes one more word into a hash (for `hash` and `ListKey`).
    @inline(__always)
    static func hashStep(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 32)
    }

    /// Mixes the last word into a hash and finishes it; never 0, which marks an empty slot.
    @inline(__always)
    static func hashEnd(_ hash: UInt64, _ last: UInt64) -> UInt64 {
        let mixed = (hash ^ last) &* 0xC4CE_B9FE_1A85_EC53
        return (mixed ^ (mixed >> 29)) | 1
    }

    // MARK: String lists

    /// Where a list of strings may end and a hash of its bytes up to there: the first `]` within
    /// `maxLength` bytes of a `["` at `start`. That is the list's end unless a string in it
    /// contains `]`; `remember` keeps only lists that did end there, so equal bytes up to the
    /// first `]` are a whole list.
    struct ListKey: Equatable {
        var hash: UInt64
        var length: Int

        /// Nil when `start` is not `["`, or no `]` is found in whole words of the `available`
        /// bytes (up to 64): such lists are decoded every time.
        @inline(__always)
        init?(at start: UnsafeRawPointer, available: Int) {
            // Only whole words within `available` are read (the loop's guard below).
            guard available >= 8 else { return nil }
            let first = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
            guard first & 0xFFFF == 0x225B else { return nil } // `["`
            var word = first
            var offset = 0
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
            while true {
                // High bit of each `]` byte (the lowest flagged byte is exact).
                let brackets = word ^ 0x5D5D_5D5D_5D5D_5D5D
                let closing = (brackets &- 0x0101_0101_0101_0101) & ~brackets & 0x8080_8080_8080_8080
                if closing != 0 {
                    let used = (closing.trailingZeroBitCount >> 3) + 1
                    let kept = used == 8 ? word : word & ((1 << UInt64(used * 8)) &- 1)
                    length = offset &+ used
                    self.hash = RecentStrings.hashEnd(hash, kept ^ UInt64(truncatingIfNeeded: length))
                    return
                }
                hash = RecentStrings.hashStep(hash, word)
                offset &+= 8
                guard offset &+ 8 <= min(available, RecentStrings.maxLength) else { return nil }
                word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
        }

        init(hash: UInt64, length: Int) {
            self.hash = hash
            self.length = length
        }
    }

    /// The list decoded earlier from the `key.length` bytes at `start`, if this table still holds it.
    @inline(__always)
    func list(_ key: ListKey, at start: UnsafeRawPointer) -> [String]? {
        assert(key.length >= 1 && key.length <= Self.maxLength, "a list key of \(key.length) bytes")
        let slot = Self.listSlot(key)
        guard listKeys[slot] == key, JSONKey.equalBytes(listStorage(slot), start, key.length) else { return nil }
        return lists[slot]
    }

    /// The slot of `key`: the top bits of its hash, which the last multiply mixes best.
    @inline(__always)
    private static func listSlot(_ key: ListKey) -> Int {
        Int(truncatingIfNeeded: key.hash >> 54) & listSlotMask
    }

    /// Keeps `list`, decoded from exactly the `key.length` bytes at `start`.
    func remember(_ list: [String], _ key: ListKey, at start: UnsafeRawPointer) {
        precondition(key.length >= 1 && key.length <= Self.maxLength, "a list of \(key.length) bytes would overrun its slot")
        let slot = Self.listSlot(key)
        listKeys[slot] = key
        lists[slot] = list
        listStorage(slot).copyMemory(from: start, byteCount: key.length)
    }

    /// Where the bytes of the list in `slot` are kept.
    @inline(__always)
    private func listStorage(_ slot: Int) -> UnsafeMutableRawPointer {
        listBytes + slot &* Self.maxLength
    }

    // MARK: One table per thread

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let destructor: @convention(c) (UnsafeMutableRawPointer) -> Void = { Unmanaged<RecentStrings>.fromOpaque($0).release() }
        #else
        let destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
            if let pointer { Unmanaged<RecentStrings>.fromOpaque(pointer).release() }
        }
        #endif
        precondition(pthread_key_create(&key, destructor) == 0, "pthread_key_create failed")
        return key
    }()

    /// This thread's table, unretained: the thread keeps it alive until it exits, so callers use
    /// it through `_withUnsafeGuaranteedRef` and pay no retain and release (two atomic operations)
    /// per lookup.
    static var current: Unmanaged<RecentStrings> {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<RecentStrings>.fromOpaque(pointer)
        }
        let table = Unmanaged.passRetained(RecentStrings())
        pthread_setspecific(key, table.toOpaque())
        return table
    }
}
