/// Decompression of one LZ4 block (https://github.com/lz4/lz4/blob/dev/doc/lz4_Block_format.md),
/// safe against any input: every length and offset is checked against the bytes that exist
/// before anything is read or written, so a malformed or hostile block gives `nil`, never a read
/// or write outside the two buffers. Copies go 8 or 16 bytes at a time wherever both buffers have
/// room for the whole words; near their ends they go byte by byte.
enum LZ4Block {
    /// Decompresses `source` (one whole block) into `destination` from byte `start` on, writing
    /// at most up to `limit` (≤ `destination.count`). A match may reach back to `historyStart`
    /// (≤ `start`): bytes of earlier blocks of the same frame when blocks are linked; `start` when
    /// they are independent. Returns the number of bytes produced, or nil when the block is
    /// malformed: a length running past either buffer, an offset of 0 or before `historyStart`,
    /// or input ending inside a sequence.
    static func decompress(
        _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer,
        at start: Int, limit: Int, historyStart: Int
    ) -> Int? {
        precondition(0 <= historyStart && historyStart <= start && start <= limit && limit <= destination.count)
        guard let input = source.baseAddress, let output = destination.baseAddress else { return nil }
        return decompress(input, count: source.count, output, start: start, limit: limit, historyStart: historyStart)
    }

    @inline(__always)
    private static func copy8(_ to: UnsafeMutableRawPointer, _ from: UnsafeRawPointer) {
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
    }

    @inline(__always)
    private static func copy16(_ to: UnsafeMutableRawPointer, _ from: UnsafeRawPointer) {
        to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
    }

    /// For a match offset k below 8, byte k holds the smallest multiple of k that is at least 8:
    /// after the first 8 bytes are written one by one, the rest can be copied 8 at a time from that
    /// far back (the repeating pattern has that period too). Offsets 1...7: 8, 8, 9, 8, 10, 12, 14.
    private static let periods: UInt64 = 0x0E0C_0A08_0908_0800

    /// The decoder proper, on raw pointers and integer offsets. `i` is the read offset in `input`,
    /// `o` the write offset in `output`; all arithmetic is on offsets that were checked to lie
    /// within the buffers, so wrapping operators are safe.
    private static func decompress(
        _ input: UnsafeRawPointer, count inputEnd: Int, _ output: UnsafeMutableRawPointer,
        start: Int, limit outputEnd: Int, historyStart: Int
    ) -> Int? {
        var i = 0
        var o = start
        // Below these, the next sequence's short literals (16 bytes read, 16 written) and short
        // match (24 bytes written) fit in both buffers whatever their lengths.
        let shortInputLimit = inputEnd &- 16
        let shortOutputLimit = outputEnd &- 64
        while true {
            guard i < inputEnd else { return nil }
            let token = Int(input.load(fromByteOffset: i, as: UInt8.self))
            i &+= 1

            // Literals. Usually fewer than 15 with room to spare in both buffers: then 16 bytes
            // are copied at once, and this cannot be the last sequence (which ends the input).
            var length = token &>> 4
            let offset: Int
            if length != 15, i <= shortInputLimit, o <= shortOutputLimit {
                copy16(output + o, input + i)
                i &+= length
                o &+= length
                offset = Int(UInt16(littleEndian: input.loadUnaligned(fromByteOffset: i, as: UInt16.self)))
                i &+= 2
                // 1 ... the bytes written so far in the window: one unsigned compare.
                guard UInt(bitPattern: offset &- 1) < UInt(bitPattern: o &- historyStart) else { return nil }
                length = token & 15
                if length != 15, offset >= 8 {
                    // At most 18 bytes, not overlapping within a word: three words, whatever the
                    // length (there are at least 50 bytes of room).
                    let to = output + o
                    let from = UnsafeRawPointer(to - offset)
                    copy8(to, from)
                    copy8(to + 8, from + 8)
                    copy8(to + 16, from + 16)
                    o &+= length &+ 4
                    continue
                }
            } else {
                if length == 15, !extend(&length, input, at: &i, end: inputEnd) { return nil }
                let inputLeft = inputEnd &- i
                let outputLeft = outputEnd &- o
                guard length <= inputLeft, length <= outputLeft else { return nil }
                if inputLeft &- length >= 16, outputLeft &- length >= 16 {
                    copyWords16(output + o, input + i, length)
                } else {
                    (output + o).copyMemory(from: input + i, byteCount: length)
                }
                i &+= length
                o &+= length
                // The last sequence of a block is literals only.
                if i == inputEnd { return o &- start }
                guard inputEnd &- i >= 2 else { return nil }
                offset = Int(UInt16(littleEndian: input.loadUnaligned(fromByteOffset: i, as: UInt16.self)))
                i &+= 2
                guard UInt(bitPattern: offset &- 1) < UInt(bitPattern: o &- historyStart) else { return nil }
                length = token & 15
            }

            // A match that is long, near the end of the output, or overlapping by less than a word.
            if length == 15, !extend(&length, input, at: &i, end: inputEnd) { return nil }
            length &+= 4
            let room = outputEnd &- o
            guard length <= room else { return nil }
            copyMatch(to: output + o, offset: offset, length: length, room: room)
            o &+= length
        }
    }

    /// Adds a length's extension bytes to `length` (a byte of 255 means another follows), reading
    /// from `i` on; false when the input ends inside it.
    @inline(__always)
    private static func extend(_ length: inout Int, _ input: UnsafeRawPointer, at i: inout Int, end inputEnd: Int) -> Bool {
        while true {
            guard i < inputEnd else { return false }
            let more = Int(input.load(fromByteOffset: i, as: UInt8.self))
            i &+= 1
            length &+= more
            if more != 255 { return true }
        }
    }

    /// Copies `length` bytes (at least 1) 16 at a time: up to 15 bytes past the end are read and
    /// written, so both buffers must have that room.
    @inline(__always)
    private static func copyWords16(_ to: UnsafeMutableRawPointer, _ from: UnsafeRawPointer, _ length: Int) {
        var to = to
        var from = from
        let end = to + length
        repeat {
            copy16(to, from)
            to += 16
            from += 16
        } while to < end
    }

    /// Copies a match of `length` bytes from `offset` back to `to`, where `room` (at least
    /// `length`) bytes of output are left. The source may overlap the copy.
    @inline(__always)
    private static func copyMatch(to: UnsafeMutableRawPointer, offset: Int, length: Int, room: Int) {
        let from = UnsafeRawPointer(to - offset)
        guard room &- length >= 16 else {
            for k in 0..<length {
                (to + k).storeBytes(of: from.load(fromByteOffset: k, as: UInt8.self), as: UInt8.self)
            }
            return
        }
        // Whole words may be written past the match's end: there is room, and those bytes are
        // overwritten by what follows.
        if offset >= 16 {
            copyWords16(to, from, length)
        } else if offset >= 8 {
            var t = to
            var f = from
            let end = to + length
            repeat {
                copy8(t, f)
                t += 8
                f += 8
            } while t < end
        } else {
            // Overlapping by less than a word: a repeating pattern of `offset` bytes.
            for k in 0..<8 {
                (to + k).storeBytes(of: from.load(fromByteOffset: k, as: UInt8.self), as: UInt8.self)
            }
            if length > 8 {
                let period = Int(truncatingIfNeeded: Self.periods &>> UInt64(offset &* 8)) & 0xFF
                var t = to + 8
                let end = to + length
                repeat {
                    copy8(t, t - period)
                    t += 8
                } while t < end
            }
        }
    }
}
