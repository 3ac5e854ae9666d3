import NIOCore
import TapedeckGame
import TapedeckProtocol
import TestSupport
import Testing

@testable import TapedeckServers
@testable import TapedeckWebSocket

/// The reference server keeps a game per `?player=` between connections: a returning player gets
/// the game where it was left, at once; without `player` every connection is a new game.
@Suite(.ownThread) struct ReturningPlayerTests {
    @Test func aReturningPlayerFindsTheGameWhereItWasLeft() async throws {
        try await withServer { server in
            let first = try await GameClient.connect(to: server, path: "/wss/?player=ada")
            try await first.send(.createCharacter(hero))
            _ = try await first.until("extraCurriculars")
            let bought = try await first.exchange(.purchaseItem(PurchaseItem(itemId: "flowers")))
            #expect(bought.contains { $0.type == "purchaseResult" })
            await first.close()

            // Before it says anything, the returning app gets its game: the launch answers again.
            let again = try await GameClient.connect(to: server, path: "/wss/?build=7&player=ada")
            let launch = try await again.until("extraCurriculars")
            #expect(
                launch.map(\.type) == [
                    "playerObject", "achievementsList", "energyRefillTiers", "timeSkipTiers", "extraCurriculars",
                ])
            guard case .playerObject(let player)? = launch.first else {
                Issue.record("the launch does not start with playerObject: \(launch.map(\.type))")
                return
            }
            #expect(player.person.name == "Ada")
            #expect(player.person.money == GameRules.startMoney - 20, "the flowers bought before are paid for")
            #expect(player.inventory.contains { $0.id == "flowers" })

            // The returning game has its character; another player, and a connection without one,
            // start new games, which take a createCharacter.
            let twice = try await again.exchange(.createCharacter(hero))
            #expect(twice.first?.serverError?.message == "a character already exists: send restart to begin a new life")
            for path in ["/wss/?player=grace", "/wss/"] {
                let stranger = try await GameClient.connect(to: server, path: path)
                try await stranger.send(.createCharacter(hero))
                #expect(try await stranger.next().type == "playerObject", "\(path)")
                await stranger.close()
            }
            await again.close()
        }
    }

    @Test func aSecondConnectionOfAConnectedPlayerIsClosedWith1008() async throws {
        try await withServer { server in
            let first = try await GameClient.connect(to: server, path: "/wss/?player=ada")
            let second = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, path: "/wss/?player=ada")
            let event = try await second.receive(timeout: .seconds(30))
            #expect(event == .closed(code: 1008))
            await first.close()
        }
    }

    @Test(
        arguments: [
            ("/wss/?player=ada", "ada"), ("/wss/?v=2&player=b-1", "b-1"), ("/wss/?player=", nil), ("/wss/", nil),
            ("/wss/?players=x", nil),
        ] as [(String, String?)])
    func thePlayerIsTheQueryParameter(target: String, player: String?) {
        #expect(PlayerGames.player(inTarget: target) == player)
    }
}
