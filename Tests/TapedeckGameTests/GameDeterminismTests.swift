import Testing
import TapedeckGame
import TapedeckProtocol

@Suite struct GameDeterminismTests {
    @Test func sameSeedSameScriptGivesTheSameBytes() {
        let first = Tour.run(seed: 42).messages.map { $0.encoded() }
        let second = Tour.run(seed: 42).messages.map { $0.encoded() }
        #expect(first.count > 50)
        #expect(first == second)
    }

    @Test func anotherSeedPlaysAnotherGame() {
        let first = Tour.run(seed: 42).messages
        let other = Tour.run(seed: 43).messages
        #expect(first != other)
    }

    @Test func sessionSeedsDependOnServerSeedAndOrdinal() {
        let seeds = (1...100).map { SessionSeed.derive(serverSeed: 42, ordinal: $0) }
        #expect(Set(seeds).count == 100)
        #expect(SessionSeed.derive(serverSeed: 42, ordinal: 3) == SessionSeed.derive(serverSeed: 42, ordinal: 3))
        #expect(SessionSeed.derive(serverSeed: 42, ordinal: 3) != SessionSeed.derive(serverSeed: 43, ordinal: 3))
    }

    @Test func generatorIsPinned() {
        // Pinned values: a change here changes every recorded session, so it must be deliberate.
        // Computed independently (xoshiro256** seeded by SplitMix64 from 1, in Python).
        var generator = SeededGenerator(seed: 1)
        let values = (0..<3).map { _ in generator.next() }
        #expect(values == [0xB3F2_AF6D_0FC7_10C5, 0x853B_5596_4736_4CEA, 0x92F8_9756_082A_4514])
        var dice = SeededGenerator(seed: 9)
        let rolls = (0..<1000).map { _ in dice.int(in: 1...6) }
        #expect(Set(rolls) == Set(1...6))
    }
}

@Suite struct GameWireTests {
    /// Everything the simulation says survives the protocol codec unchanged.
    @Test func everyAnswerDecodesBackToItself() throws {
        for message in Tour.run(seed: 5).messages {
            let decoded = try ServerMessage.decode(message.encoded())
            #expect(decoded == message)
        }
    }
}
