import NIOConcurrencyHelpers
import TapedeckChecks
import TapedeckReplay

/// Hands each upgrade request to `tapedeck serve` the recorded connection it plays, in the order
/// the requests arrive: the tape's first recorded connection, then the next, and after the last the
/// first again (under `--verify` the `ServeVerification` counts them, and nothing follows the last).
/// A refused upgrade is a recorded connection too: its request is refused, and the next request
/// gets the connection recorded after it.
final class RecordedConnectionQueue: Sendable {
    enum Assignment {
        /// The recording refused this upgrade.
        case refused(ordinal: Int, RecordedRefusal)
        /// The upgrade goes through and the script answers the connection.
        case accepted(ordinal: Int, TapeSessionHandler.Script)
    }

    private let players: [RecordedSessionPlayer]
    private let verification: ServeVerification?
    /// Upgrade requests so far (refused ones too): the number the reports give a connection.
    private let ordinals = NIOLockedValueBox(0)

    /// `players`: one per recorded connection, at least one.
    init(players: [RecordedSessionPlayer], verification: ServeVerification?) {
        self.players = players
        self.verification = verification
    }

    func next() -> Assignment {
        let ordinal = ordinals.withLockedValue { count in
            count += 1
            return count
        }
        guard let verification else {
            let player = players[(ordinal - 1) % players.count]
            if let refusal = player.refusal { return .refused(ordinal: ordinal, refusal) }
            return .accepted(ordinal: ordinal, .player(player))
        }
        let session = verification.connect()
        if let session, let refusal = verification.refusal(of: session.connection) {
            // Opened and over at once, as the recorded attempt was.
            verification.closed()
            return .refused(ordinal: ordinal, refusal)
        }
        return .accepted(ordinal: ordinal, .verified(verification, session: session))
    }
}
