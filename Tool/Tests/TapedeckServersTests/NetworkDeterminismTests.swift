import TapedeckGame
import TapedeckProtocol
import TapedeckServers
import TestSupport
import Testing

@Suite(.ownThread) struct NetworkDeterminismTests {
    /// A fixed script (no reactions beyond the candidate id) against a fresh virtual-clock server.
    func play(seed: UInt64) async throws -> [[UInt8]] {
        try await withServer(ReferenceServerConfiguration(seed: seed, clock: .virtual)) { server in
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            _ = try await client.until("extraCurriculars")
            _ = try await client.exchange(.speed(SpeedChange(speed: 10000)))
            try await client.advance(20)
            _ = try await client.fence()
            _ = try await client.exchange(.claimEvent(ClaimEvent(eventId: "event-1", timestamp: "t")))
            try await client.send(.retrievePerson(RetrievePerson()))
            let candidate = try #require(try await client.until("personObject").last?.person)
            _ = try await client.exchange(.swipe(Swipe(personId: candidate.id, direction: .right)))
            _ = try await client.exchange(.purchaseItem(PurchaseItem(itemId: "flowers")))
            _ = try await client.exchange(.timeSkip(TimeSkip(tier: "1d")))
            await client.close()
            return client.frames
        }
    }

    @Test func sameSeedSameScriptSameBytesOverTheSocket() async throws {
        let first = try await play(seed: 42)
        let second = try await play(seed: 42)
        #expect(first.count > 20)
        #expect(first == second)
        let other = try await play(seed: 43)
        #expect(other != first)
    }

    /// The socket adds nothing: the frames are the pure simulation's answers for session seed 1.
    @Test func socketCarriesExactlyTheSimulation() async throws {
        let frames = try await play(seed: 42)
        var game = GameSimulation(seed: SessionSeed.derive(serverSeed: 42, ordinal: 1))
        var expected: [ServerMessage] = []
        func run(_ message: ClientMessage) { expected += game.handle(message) }
        func fence() { run(.requestStatistics) }
        run(.createCharacter(hero))
        run(.speed(SpeedChange(speed: 10000)))
        fence()
        for _ in 0..<20 { expected += game.tick() }
        fence()
        run(.claimEvent(ClaimEvent(eventId: "event-1", timestamp: "t")))
        fence()
        let candidate = game.handle(.retrievePerson(RetrievePerson()))
        expected += candidate
        let id = try #require(candidate.first?.person?.id)
        run(.swipe(Swipe(personId: id, direction: .right)))
        fence()
        run(.purchaseItem(PurchaseItem(itemId: "flowers")))
        fence()
        run(.timeSkip(TimeSkip(tier: "1d")))
        fence()
        #expect(frames == expected.map { $0.encoded() })
    }
}
