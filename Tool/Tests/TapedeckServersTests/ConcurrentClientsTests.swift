import TapedeckProtocol
import TapedeckServers
import TestSupport
import Testing

@Suite(.ownThread) struct ConcurrentClientsTests {
    static let clientCount = 200

    /// One scripted session; returns the types it received, failing on any `error`.
    static func session(server: ReferenceServer, number: Int) async throws -> Set<String> {
        let client = try await GameClient.connect(to: server)
        var received: [ServerMessage] = []
        try await client.send(.createCharacter(CreateCharacter(name: "Player\(number)", lastName: "Load", sex: "male")))
        received += try await client.until("extraCurriculars")
        received += try await client.exchange(.speed(SpeedChange(speed: 10000)))
        try await client.advance(3)
        received += try await client.fence()
        try await client.send(.retrievePerson(RetrievePerson()))
        let candidate = try await client.until("personObject")
        received += candidate
        if let person = candidate.last?.person {
            received += try await client.exchange(.swipe(Swipe(personId: person.id, direction: .left)))
        }
        received += try await client.exchange(.purchaseItem(PurchaseItem(itemId: "book")))
        received += try await client.exchange(.claimDailyReward)
        await client.close()
        if let error = received.compactMap(\.serverError).first {
            throw SessionFailure(number: number, error: error)
        }
        return Set(received.map(\.type))
    }

    struct SessionFailure: Error, CustomStringConvertible {
        var number: Int
        var error: ServerError
        var description: String { "session \(number) got error \(error.kind): \(error.message)" }
    }

    @Test func twoHundredClientsEachCompleteASession() async throws {
        try await withServer { server in
            let results = try await withThrowingTaskGroup(of: Set<String>.self) { group in
                for number in 1...Self.clientCount {
                    group.addTask { try await Self.session(server: server, number: number) }
                }
                var all: [Set<String>] = []
                for try await types in group { all.append(types) }
                return all
            }
            #expect(results.count == Self.clientCount)
            let expected: Set<String> = [
                "playerObject", "u", "batch_update", "personObject", "matchResult",
                "purchaseResult", "dailyRewardClaimed",
            ]
            #expect(results.allSatisfy { expected.isSubset(of: $0) })
        }
    }
}
