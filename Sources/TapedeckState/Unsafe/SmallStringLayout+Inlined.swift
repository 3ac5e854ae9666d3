import TapedeckProtocol

extension SmallStringLayout {
    /// `SmallStringLayout.asciiWords` compiled into this module, for the id checks that call it
    /// once per id after every replayed message: the call into TapedeckProtocol was not inlined
    /// (neither `@inlinable` nor `@_alwaysEmitIntoClient`) and cost 6 % of a replay's
    /// instructions. The layout it relies on is the one `SmallStringLayout.isKnown` checks;
    /// callers check that first.
    @inline(__always)
    static func inlinedASCIIWords(_ text: String) -> SIMD2<UInt64>? {
        #if _pointerBitWidth(_64)
        let words = unsafeBitCast(text, to: SIMD2<UInt64>.self)
        // Top nibble of the second word: 0xE = immortal, small, ASCII.
        return words.y >> 60 == 0xE ? words : nil
        #else
        return nil
        #endif
    }
}
