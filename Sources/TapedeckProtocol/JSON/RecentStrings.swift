#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The long strings (16 to 64 bytes) this thread decoded recently, so the next occurrence shares
/// the stored String instead of allocating, copying and validating a new one. A session repeats
/// them all the time: avatar URLs and names in every `playerObject`, the answer options of every
/// question, the texts of recurring life events.
///
/// One table per thread (no locks; decoding never suspends), 1,024 slots indexed by a hash of the
/// bytes, a newer string replacing an older one in its slot: at most 1,024 strings of at most 64
/// bytes are kept. Sharing storage is invisible to callers: Strings are values, equal bytes give
/// an equal String either way.
final class RecentStrings {
    static let maxLength = 64
    private static let slotMask = 1023

    // Raw storage rather than arrays in stored `var`s: a class's `var` pays a dynamic
    // exclusivity check on every access, which cost more than the allocation saved. Each slot
    // keeps its string's bytes too, so a lookup compares bytes without touching the String.
    private let hashes: UnsafeMutablePointer<UInt64>
    private let strings: UnsafeMutablePointer<String>
    private let bytes: UnsafeMutableRawPointer

    private init() {
        hashes = .allocate(capacity: Self.slotMask + 1)
        hashes.initialize(repeating: 0, count: Self.slotMask + 1)
        strings = .allocate(capacity: Self.slotMask + 1)
        strings.initialize(repeating: "", count: Self.slotMask + 1)
        bytes = .allocate(byteCount: (Self.slotMask + 1) * Self.maxLength, alignment: 8)
    }

    deinit {
        strings.deinitialize(count: Self.slotMask + 1)
        strings.deallocate()
        hashes.deallocate()
        bytes.deallocate()
    }

    /// The String of the `count` bytes at `start` (valid UTF-8, 16...64 bytes), shared with an
    /// earlier equal one when this thread's table still holds it.
    static func string(_ start: UnsafeRawPointer, count: Int) -> String {
        current.string(start, count: count)
    }

    private func string(_ start: UnsafeRawPointer, count: Int) -> String {
        // The count is part of the hash; equal hashes and equal bytes over `count` mean equal strings.
        let hash = Self.hash(start, count: count)
        let slot = Int(truncatingIfNeeded: hash >> 54) & Self.slotMask
        let stored = bytes + slot * Self.maxLength
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
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 < count {
            hash = (hash ^ start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        hash = (hash ^ start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return hash | 1
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

    private static var current: RecentStrings {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<RecentStrings>.fromOpaque(pointer).takeUnretainedValue()
        }
        let table = RecentStrings()
        pthread_setspecific(key, Unmanaged.passRetained(table).toOpaque())
        return table
    }
}
