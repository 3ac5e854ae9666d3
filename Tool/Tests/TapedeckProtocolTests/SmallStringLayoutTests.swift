import Testing

@testable import TapedeckProtocol

/// The one layout check the decoder's `SmallASCIIString` and TapedeckState's `DuplicateFinder`
/// share (Sources/TapedeckProtocol/Unsafe/): it holds here, and `asciiWords` tells small ASCII
/// strings from every other kind, whose words must never be compared as bytes.
@Suite struct SmallStringLayoutTests {
    @Test func theCheckHoldsOnThisPlatform() {
        #if _pointerBitWidth(_64) && _endian(little)
        #expect(SmallStringLayout.isKnown)
        #endif
    }

    @Test(.enabled(if: SmallStringLayout.isKnown, "the standard library's small-string layout is not the known one here"))
    func onlySmallASCIIStringsHaveWords() {
        #expect(SmallStringLayout.asciiWords("e123") == SIMD2(0x3332_3165, 0xE400_0000_0000_0000))
        #expect(SmallStringLayout.asciiWords("abcdefghijklmno") != nil)
        #expect(SmallStringLayout.asciiWords("") != nil)
        // 16 bytes: stored on the heap; non-ASCII; a native string shortened to 3 bytes.
        #expect(SmallStringLayout.asciiWords("abcdefghijklmnop") == nil)
        #expect(SmallStringLayout.asciiWords("caf\u{E9}") == nil)
        var native = String(repeating: "y", count: 40)
        native.removeLast(37)
        #expect(SmallStringLayout.asciiWords(native) == nil)
    }

    @Test(.enabled(if: SmallStringLayout.isKnown, "the standard library's small-string layout is not the known one here"))
    func equalWordsMeanEqualStrings() {
        let built = String(decoding: Array("p12345678".utf8), as: UTF8.self)
        #expect(SmallStringLayout.asciiWords(built) == SmallStringLayout.asciiWords("p12345678"))
        #expect(SmallStringLayout.asciiWords("p12345678") != SmallStringLayout.asciiWords("p12345679"))
    }
}
