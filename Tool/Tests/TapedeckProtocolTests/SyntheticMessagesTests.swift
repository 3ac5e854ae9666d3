import TapedeckCore
import TapedeckSynthetic
import Testing

@testable import TapedeckProtocol

@Suite struct SyntheticMessagesTests {
    @Test func sameSeedGivesSameBytes() {
        #expect(SyntheticMessages.envelopes(count: 500, seed: 42) == SyntheticMessages.envelopes(count: 500, seed: 42))
        #expect(SyntheticMessages.envelopes(count: 50, seed: 42) != SyntheticMessages.envelopes(count: 50, seed: 43))
    }

    @Test func everyEnvelopeDecodesToAKnownTypeAndBack() throws {
        var stream = SyntheticMessages(seed: 7)
        var counts: [String: Int] = [:]
        for _ in 0..<3000 {
            let message = stream.next()
            let decoded = try ServerMessage.decode(message.encoded())
            #expect(decoded == message)
            counts[decoded.type, default: 0] += 1
        }
        #expect(counts["unknown"] == nil)
        // The mix is dominated by small updates and still contains the large snapshots.
        #expect(counts["u", default: 0] > 1300)
        #expect(counts["batch_update", default: 0] > 300)
        #expect(counts["messageEvent", default: 0] > 250)
        #expect(counts["questionEvent", default: 0] > 120)
        #expect(counts["playerObject", default: 0] > 15)
    }

    @Test func seededGeneratorIsSplitMix64() {
        // Reference values of SplitMix64 seeded with 0 (the published test vector).
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        var bounded = SeededGenerator(seed: 9)
        for _ in 0..<1000 {
            let value = bounded.next(below: 6)
            #expect((0..<6).contains(value))
        }
    }
}
