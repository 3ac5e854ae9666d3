import NIOConcurrencyHelpers
import NIOCore

/// The tapes being written and the connections recording into each: one connection's, or an app
/// session's (`TapeGrouping.perSession`). A session's tape takes every connection with its key
/// until its gap has passed with none live; then it is closed, and the key's next connection
/// starts a new tape. Shutdown closes idle tapes at once.
final class OpenTapes: Sendable {
    private struct Tape {
        let recorder: OffLoopTapeWriter
        /// The session's key (never written anywhere), nil for a tape per connection.
        let key: String?
        /// The connections recording into it now, by the proxy's connection number.
        var live: [UInt32: ProxyConnection]
        /// The newest connection's number: markers go under it.
        var latestConnection: UInt32
        var gapTimer: Scheduled<Void>?
        /// Closing: it takes no more connections.
        var ending = false
    }

    private struct State {
        var tapes: [UInt32: Tape] = [:]
        var byKey: [String: UInt32] = [:]
        var shuttingDown = false
        var closedTapes = 0
        var closedMessages = 0
        var closedBytes: UInt64 = 0
        var allClosed: [EventLoopPromise<Void>] = []
    }

    private let state = NIOLockedValueBox(State())

    /// The recorder for `connection`: its session's open tape when `key` has one, else the new
    /// one `make` returns.
    func recorder(for connection: ProxyConnection, key: String?, make: () -> OffLoopTapeWriter) -> OffLoopTapeWriter {
        state.withLockedValue { state in
            if let key, let id = state.byKey[key], var tape = state.tapes[id], !tape.ending {
                tape.gapTimer?.cancel()
                tape.gapTimer = nil
                tape.live[connection.id] = connection
                tape.latestConnection = connection.id
                state.tapes[id] = tape
                return tape.recorder
            }
            let recorder = make()
            state.tapes[recorder.id] = Tape(
                recorder: recorder, key: key, live: [connection.id: connection], latestConnection: connection.id)
            if let key { state.byKey[key] = recorder.id }
            return recorder
        }
    }

    /// `connection` is finished. The tape closes now if it was the last one in it and the tape is
    /// not a session's (or the proxy is shutting down); a session's waits `gapNanoseconds` first.
    func connectionEnded(_ connection: ProxyConnection, tape id: UInt32, gapNanoseconds: Int64) {
        let closing: OffLoopTapeWriter? = state.withLockedValue { state in
            guard var tape = state.tapes[id] else { return nil }
            tape.live[connection.id] = nil
            defer { state.tapes[id] = tape }
            guard tape.live.isEmpty, !tape.ending else { return nil }
            if tape.key != nil, !state.shuttingDown, gapNanoseconds > 0 {
                tape.gapTimer = connection.eventLoop.scheduleTask(in: .nanoseconds(gapNanoseconds)) { [weak self] in
                    self?.gapEnded(id)
                }
                return nil
            }
            Self.end(&tape, id: id, in: &state)
            return tape.recorder
        }
        closing?.close()
    }

    private func gapEnded(_ id: UInt32) {
        let closing: OffLoopTapeWriter? = state.withLockedValue { state in
            guard var tape = state.tapes[id], tape.live.isEmpty, !tape.ending else { return nil }
            Self.end(&tape, id: id, in: &state)
            state.tapes[id] = tape
            return tape.recorder
        }
        closing?.close()
    }

    private static func end(_ tape: inout Tape, id: UInt32, in state: inout State) {
        tape.ending = true
        tape.gapTimer?.cancel()
        tape.gapTimer = nil
        if let key = tape.key, state.byKey[key] == id { state.byKey[key] = nil }
    }

    /// Shutdown: no session waits for its gap any more; tapes with no live connection close now.
    func endIdleTapes() {
        let closing: [OffLoopTapeWriter] = state.withLockedValue { state in
            state.shuttingDown = true
            var closing: [OffLoopTapeWriter] = []
            for (id, var tape) in state.tapes where tape.live.isEmpty && !tape.ending {
                Self.end(&tape, id: id, in: &state)
                state.tapes[id] = tape
                closing.append(tape.recorder)
            }
            return closing
        }
        for recorder in closing { recorder.close() }
    }

    /// The recorder finished the tape: counted, and forgotten.
    func closed(_ id: UInt32, compressedBytes: UInt64) {
        let waiters: [EventLoopPromise<Void>] = state.withLockedValue { state in
            if let tape = state.tapes.removeValue(forKey: id) {
                state.closedMessages += tape.recorder.counts.messages
                state.closedBytes += compressedBytes
            }
            state.closedTapes += 1
            guard state.tapes.isEmpty else { return [] }
            defer { state.allClosed = [] }
            return state.allClosed
        }
        for waiter in waiters { waiter.succeed(()) }
    }

    /// The connections recording into tape `id` now.
    func liveConnections(in id: UInt32) -> [ProxyConnection] {
        state.withLockedValue { state in state.tapes[id].map { Array($0.live.values) } ?? [] }
    }

    /// Every tape not yet closed, for the flush timer.
    var recorders: [OffLoopTapeWriter] { state.withLockedValue { $0.tapes.values.map(\.recorder) } }

    /// Drops a marker into every tape still taking records, under its newest connection; returns how many.
    func mark(_ name: String) -> Int {
        let open = state.withLockedValue { state in
            state.tapes.values.filter { !$0.ending }.map { ($0.recorder, $0.latestConnection) }
        }
        for (recorder, connection) in open {
            recorder.append(RelayRecord(.note, .marker, payload: Array(name.utf8)), connection: connection)
        }
        return open.count
    }

    /// Succeeds once no tape is open.
    func whenAllClosed(on eventLoop: EventLoop) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        let done: Bool = state.withLockedValue { state in
            if state.tapes.isEmpty { return true }
            state.allClosed.append(promise)
            return false
        }
        if done { promise.succeed(()) }
        return promise.futureResult
    }

    /// Closed tapes and their totals, and the recorders still open.
    var totals: (closedTapes: Int, closedMessages: Int, closedBytes: UInt64, open: [OffLoopTapeWriter]) {
        state.withLockedValue { ($0.closedTapes, $0.closedMessages, $0.closedBytes, $0.tapes.values.map(\.recorder)) }
    }
}
