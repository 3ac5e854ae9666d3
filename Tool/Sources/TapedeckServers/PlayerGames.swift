import NIOConcurrencyHelpers
import TapedeckGame
import TapedeckWebSocket

/// The reference server's returning players: the game of each `?player=ID` in the upgrade URL,
/// kept between that player's connections. A connection takes its player's game while it is
/// open and gives it back when it closes, so a reconnecting app finds its game where it left it;
/// the first connection of an id starts a new game. Without `player` every connection is a new
/// game, as before.
final class PlayerGames: Sendable {
    enum Taken {
        /// The player's game (nil: the first connection of this id, a new game).
        case game(GameSimulation?)
        /// Another open connection has it.
        case inUse
    }

    private struct Entry {
        var game: GameSimulation?
        var inUse: Bool
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    func take(_ player: String) -> Taken {
        entries.withLockedValue { entries in
            if entries[player]?.inUse == true { return .inUse }
            let game = entries[player]?.game
            entries[player] = Entry(game: nil, inUse: true)
            return .game(game)
        }
    }

    func giveBack(_ player: String, game: GameSimulation) {
        entries.withLockedValue { $0[player] = Entry(game: game, inUse: false) }
    }

    /// The `player` query parameter of a request target (`/wss/?player=mei`), when not empty.
    static func player(inTarget target: String) -> String? {
        guard let player = RequestQuery.value("player", in: target), !player.isEmpty else { return nil }
        return player
    }
}
