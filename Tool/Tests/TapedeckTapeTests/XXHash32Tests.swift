import Testing

@testable import TapedeckTape

@Suite struct XXHash32Tests {
    private func hash(_ text: String, seed: UInt32 = 0) -> UInt32 {
        Array(text.utf8).withUnsafeBytes { XXHash32.hash($0, seed: seed) }
    }

    @Test func knownValues() {
        // From the xxHash reference implementation.
        #expect(hash("") == 0x02CC_5D05)
        #expect(hash("", seed: 1) == 0x0B2C_B792)
        #expect(hash("a") == 0x550D_7456)
        #expect(hash("abc") == 0x32D1_53FF)
        #expect(hash("Nobody inspects the spammish repetition") == 0xE229_3B2F)
    }

    @Test func piecesOfAnySizeGiveTheWholeHash() {
        for count in [0, 1, 3, 4, 15, 16, 17, 31, 32, 33, 100, 1000] {
            let data = LZ4TestSupport.data(count, .random, seed: UInt64(count))
            let whole = data.withUnsafeBytes { XXHash32.hash($0, seed: 7) }
            for first in Set([0, 1, 5, 15, 16, 17, count / 2, count]) where first <= count {
                var state = XXHash32(seed: 7)
                var position = 0
                var size = first
                while position < count || size == 0 {
                    let end = min(count, position + size)
                    data.withUnsafeBytes { state.update(UnsafeRawBufferPointer(rebasing: $0[position..<end])) }
                    position = end
                    size = size * 5 % 23 + 1
                    if count == 0 { break }
                }
                #expect(state.digest() == whole, "\(count) bytes, first piece \(first)")
            }
        }
    }
}
