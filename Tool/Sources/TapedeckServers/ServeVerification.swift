import NIOConcurrencyHelpers
import TapedeckChecks
import TapedeckReplay
import TapedeckTape
import TapedeckWebSocket

/// The `ClientVerifier` of a running `tapedeck serve --verify`, shared by its connections (they
/// run on event loop threads, hence the lock), and the end of the run: when every recorded client
/// message was reached and answered, or when the client has closed and the tape recorded no
/// further connection for it to open.
package final class ServeVerification: Sendable {
    private struct State {
        var verifier: ClientVerifier
        var openConnections = 0
        var ended = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: NIOLockedValueBox<State>

    package init(records: [TapeRecord], ignoring: SnapshotFilter) {
        state = NIOLockedValueBox(State(verifier: ClientVerifier(records: records, ignoring: ignoring)))
    }

    /// The verdict so far (final once `ended()` has returned).
    package var verdict: ServeVerdict { state.withLockedValue { $0.verifier.verdict } }

    /// Returns once the run has ended.
    package func ended() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withLockedValue { state in
                if !state.ended { state.waiters.append(continuation) }
                return state.ended
            }
            if already { continuation.resume() }
        }
    }

    func connect() -> (connection: Int, greeting: [RecordedSessionPlayer.Reply])? {
        state.withLockedValue { state in
            state.openConnections += 1
            return state.verifier.connect()
        }
    }

    /// Why the recording refused `connection`'s upgrade, when it did.
    func refusal(of connection: Int) -> RecordedRefusal? {
        state.withLockedValue { $0.verifier.refusal(of: connection) }
    }

    func receive(_ bytes: [UInt8], on connection: Int) -> [RecordedSessionPlayer.Reply] {
        state.withLockedValue { $0.verifier.receive(bytes, on: connection) }
    }

    func receiveBinary(on connection: Int) {
        state.withLockedValue { _ = $0.verifier.receiveBinary(on: connection) }
    }

    /// A connection has sent every answer due so far.
    func answered() {
        end { $0.verifier.isComplete }
    }

    /// A connection closed.
    func closed() {
        end { state in
            state.openConnections -= 1
            return state.openConnections == 0 && state.verifier.connectionsOpened >= state.verifier.recordedConnections
        }
    }

    private func end(when condition: (inout State) -> Bool) {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            guard condition(&state), !state.ended else { return [] }
            state.ended = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
