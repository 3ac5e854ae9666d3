import NIOConcurrencyHelpers
import NIOCore

/// The tapes being written and the connections recording into each: one connection's, or an app
/// session's (`TapeGrouping.perSession`). A session's tape takes the next connection with its key
/// while it waits, until its gap has passed with none live; then it is closed, and the key's next
/// connection starts a new tape. A connection whose key has a live session starts a session of its
/// own. A waiting session's file is sealed (`OffLoopTapeWriter.seal`), so it holds no descriptor;
/// past `maxSessions` open or waiting, the session that has waited longest is closed first.
/// Shutdown closes idle tapes at once.
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
        /// While the session waits for a reconnect: its place in `waitOrder`.
        var waitTicket: UInt64?
        /// Closing: it takes no more connections.
        var ending = false
    }

    private struct State {
        var tapes: [UInt32: Tape] = [:]
        /// The recorders of tapes neither waiting nor closing: what the flush timer ticks.
        var working: [UInt32: OffLoopTapeWriter] = [:]
        /// The session waiting for a reconnect of each key; one at most.
        var waiting: [String: UInt32] = [:]
        /// Waiting sessions, longest waiting first, with their tickets (stale ones skipped).
        var waitOrder: [(id: UInt32, ticket: UInt64)] = []
        var waitOrderStart = 0
        var nextTicket: UInt64 = 0
        /// Sessions (tapes with a key) open or waiting, not yet ending.
        var sessions = 0
        var shuttingDown = false
        var closedTapes = 0
        var closedMessages = 0
        var closedBytes: UInt64 = 0
        var allClosed: [EventLoopPromise<Void>] = []
    }

    private let state = NIOLockedValueBox(State())
    private let maxSessions: Int

    init(maxSessions: Int = TapeGrouping.defaultMaxSessions) {
        self.maxSessions = max(1, maxSessions)
    }

    /// The recorder for `connection`: the waiting session of `key` when there is one, else the new
    /// tape `make` returns (after closing the longest-waiting session when the bound is reached).
    func recorder(for connection: ProxyConnection, key: String?, make: () -> OffLoopTapeWriter) -> OffLoopTapeWriter {
        let (recorder, closing): (OffLoopTapeWriter, [OffLoopTapeWriter]) = state.withLockedValue { state in
            if let key, let id = state.waiting.removeValue(forKey: key), var tape = state.tapes[id], !tape.ending {
                tape.gapTimer?.cancel()
                tape.gapTimer = nil
                tape.waitTicket = nil
                tape.live[connection.id] = connection
                tape.latestConnection = connection.id
                state.tapes[id] = tape
                state.working[id] = tape.recorder
                return (tape.recorder, [])
            }
            var closing: [OffLoopTapeWriter] = []
            if key != nil {
                while state.sessions >= maxSessions, let oldest = Self.longestWaiting(in: &state) {
                    closing += Self.end(oldest, in: &state).map { [$0] } ?? []
                }
                state.sessions += 1
            }
            let recorder = make()
            state.tapes[recorder.id] = Tape(
                recorder: recorder, key: key, live: [connection.id: connection], latestConnection: connection.id)
            state.working[recorder.id] = recorder
            return (recorder, closing)
        }
        for tape in closing { tape.close() }
        return recorder
    }

    /// `connection` is finished. The tape closes now if it was the last one in it and the tape is
    /// not a session's (or the proxy is shutting down); a session's is sealed and waits
    /// `gapNanoseconds` for a reconnect, replacing an older session of its key that was waiting.
    func connectionEnded(_ connection: ProxyConnection, tape id: UInt32, gapNanoseconds: Int64) {
        let (sealing, closing): (OffLoopTapeWriter?, [OffLoopTapeWriter]) = state.withLockedValue { state in
            guard var tape = state.tapes[id] else { return (nil, []) }
            tape.live[connection.id] = nil
            state.tapes[id] = tape
            guard tape.live.isEmpty, !tape.ending else { return (nil, []) }
            guard let key = tape.key, !state.shuttingDown, gapNanoseconds > 0 else {
                return (nil, Self.end(id, in: &state).map { [$0] } ?? [])
            }
            var closing: [OffLoopTapeWriter] = []
            // Only the newest waits: the next connection of the key could join no other.
            if let older = state.waiting[key], older != id, let recorder = Self.end(older, in: &state) {
                closing.append(recorder)
            }
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.waiting[key] = id
            state.waitOrder.append((id, ticket))
            state.working[id] = nil
            tape.waitTicket = ticket
            tape.gapTimer = connection.eventLoop.scheduleTask(in: .nanoseconds(gapNanoseconds)) { [weak self] in
                self?.gapEnded(id, ticket: ticket)
            }
            state.tapes[id] = tape
            return (tape.recorder, closing)
        }
        sealing?.seal()
        for tape in closing { tape.close() }
    }

    private func gapEnded(_ id: UInt32, ticket: UInt64) {
        let closing: OffLoopTapeWriter? = state.withLockedValue { state in
            guard let tape = state.tapes[id], tape.waitTicket == ticket, tape.live.isEmpty, !tape.ending else { return nil }
            return Self.end(id, in: &state)
        }
        closing?.close()
    }

    /// The session that has waited longest, taken off the queue; nil when none waits.
    private static func longestWaiting(in state: inout State) -> UInt32? {
        while state.waitOrderStart < state.waitOrder.count {
            let entry = state.waitOrder[state.waitOrderStart]
            state.waitOrderStart += 1
            if let tape = state.tapes[entry.id], tape.waitTicket == entry.ticket, !tape.ending { return entry.id }
        }
        return nil
    }

    /// Marks tape `id` ending and forgets it as a session; returns its recorder, to close outside
    /// the lock (nil for a tape already gone).
    private static func end(_ id: UInt32, in state: inout State) -> OffLoopTapeWriter? {
        guard var tape = state.tapes[id] else { return nil }
        tape.ending = true
        tape.gapTimer?.cancel()
        tape.gapTimer = nil
        tape.waitTicket = nil
        state.working[id] = nil
        if let key = tape.key {
            if state.waiting[key] == id { state.waiting[key] = nil }
            state.sessions -= 1
        }
        state.tapes[id] = tape
        compactWaitOrder(&state)
        return tape.recorder
    }

    /// Drops the queue's stale head once it is most of the queue, so the queue stays in
    /// proportion to the sessions waiting.
    private static func compactWaitOrder(_ state: inout State) {
        guard state.waitOrderStart > 64, state.waitOrderStart * 2 > state.waitOrder.count else { return }
        state.waitOrder.removeFirst(state.waitOrderStart)
        state.waitOrderStart = 0
        state.waitOrder.removeAll { entry in state.tapes[entry.id]?.waitTicket != entry.ticket }
    }

    /// Shutdown: no session waits for its gap any more; tapes with no live connection close now.
    func endIdleTapes() {
        let closing: [OffLoopTapeWriter] = state.withLockedValue { state in
            state.shuttingDown = true
            let idle = state.tapes.filter { $0.value.live.isEmpty && !$0.value.ending }.map(\.key)
            return idle.compactMap { Self.end($0, in: &state) }
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
            // Dictionaries keep their largest size: after a burst of sessions, give it back.
            state.tapes = [:]
            state.working = [:]
            state.waiting = [:]
            state.waitOrder = []
            state.waitOrderStart = 0
            defer { state.allClosed = [] }
            return state.allClosed
        }
        for waiter in waiters { waiter.succeed(()) }
    }

    /// The connections recording into tape `id` now.
    func liveConnections(in id: UInt32) -> [ProxyConnection] {
        state.withLockedValue { state in state.tapes[id].map { Array($0.live.values) } ?? [] }
    }

    /// The tapes with a connection live, for the flush timer: a waiting session's is sealed and
    /// a closing one drains by itself, so thousands of waiting sessions cost the timer nothing.
    var recorders: [OffLoopTapeWriter] { state.withLockedValue { Array($0.working.values) } }

    /// Sessions open or waiting (tapes with a key, not yet closing).
    var sessionCount: Int { state.withLockedValue { $0.sessions } }

    /// Drops a marker into every tape still taking records, under its newest connection; returns how many.
    func mark(_ name: String) -> Int {
        let open = state.withLockedValue { state in
            state.tapes.values.filter { !$0.ending }.map { ($0.recorder, $0.latestConnection, $0.waitTicket != nil) }
        }
        for (recorder, connection, waiting) in open {
            recorder.append(RelayRecord(.note, .marker, payload: Array(name.utf8)), connection: connection)
            // A waiting session's file is opened for the marker and sealed again.
            if waiting { recorder.seal() }
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
