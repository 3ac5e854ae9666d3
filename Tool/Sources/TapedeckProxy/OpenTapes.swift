import NIOConcurrencyHelpers
import NIOCore

/// The tapes being written and the connections recording into each: one connection's, or an app
/// session's, as `SessionPolicy` groups them. A session's tape takes the next connection of its
/// identity while it waits, until its gap has passed with none live; then it is closed, and the
/// identity's next connection starts a new tape. A connection whose identity has a live session
/// starts a session of its own. A waiting session's file is sealed (`OffLoopTapeWriter.seal`), so
/// it holds no descriptor; past `maxSessions` open or waiting, the session that has waited longest
/// is closed first. Shutdown closes idle tapes at once.
final class OpenTapes: Sendable {
    private struct Tape {
        let recorder: OffLoopTapeWriter
        /// The session it records, nil for a tape per connection.
        let session: SessionIdentity?
        /// The newest connection's number: markers go under it.
        var latestConnection: UInt32
        var phase: Phase
    }

    /// Where a tape is: only what can happen is spelled (a waiting tape has its timer, a live
    /// one its connections).
    private enum Phase {
        /// The connections recording into it now, by the proxy's connection number; never empty.
        case live([UInt32: ProxyConnection])
        /// A session waiting for a reconnect: the timer that ends the wait, and its place in
        /// `waitOrder`.
        case waiting(gapTimer: Scheduled<Void>, ticket: UInt64)
        /// Closing: it takes no more connections.
        case ending
    }

    private struct State {
        var tapes: [UInt32: Tape] = [:]
        /// Tapes being made outside the lock, not in `tapes` yet: not all closed while any is.
        var making = 0
        /// The recorders of tapes neither waiting nor closing: what the flush timer ticks.
        var working: [UInt32: OffLoopTapeWriter] = [:]
        /// The session waiting for a reconnect of each identity; one at most.
        var waiting: [SessionIdentity: UInt32] = [:]
        /// Waiting sessions, longest waiting first, with their tickets (stale ones skipped).
        var waitOrder: [(id: UInt32, ticket: UInt64)] = []
        var waitOrderStart = 0
        var nextTicket: UInt64 = 0
        /// Sessions (tapes with an identity) open, waiting or being made, not yet ending.
        var sessions = 0
        var shuttingDown = false
        var closedTapes = 0
        var closedMessages = 0
        var closedBytes: UInt64 = 0
        var allClosed: [EventLoopPromise<Void>] = []

        func ticket(of id: UInt32) -> UInt64? {
            if case .waiting(_, let ticket)? = tapes[id]?.phase { ticket } else { nil }
        }
    }

    /// The grouping: which session a connection joins and how long a session waits.
    let policy: SessionPolicy
    private let state = NIOLockedValueBox(State())

    init(policy: SessionPolicy = SessionPolicy(.perConnection)) {
        self.policy = policy
    }

    /// The recorder for `connection`: the waiting session of `session` when there is one, else the
    /// new tape `make` returns (after closing the longest-waiting session when the bound is
    /// reached). `make` runs outside the lock: creating a writer picks its file's name on disk.
    func recorder(
        for connection: ProxyConnection, session: SessionIdentity?, make: () -> OffLoopTapeWriter
    ) -> OffLoopTapeWriter {
        let (joined, closing): (OffLoopTapeWriter?, [OffLoopTapeWriter]) = state.withLockedValue { state in
            if let session, let id = state.waiting.removeValue(forKey: session), var tape = state.tapes[id],
                case .waiting(let gapTimer, _) = tape.phase
            {
                gapTimer.cancel()
                tape.phase = .live([connection.id: connection])
                tape.latestConnection = connection.id
                state.tapes[id] = tape
                state.working[id] = tape.recorder
                return (tape.recorder, [])
            }
            var closing: [OffLoopTapeWriter] = []
            if session != nil {
                while state.sessions >= policy.maxSessions, let oldest = Self.longestWaiting(in: &state) {
                    closing += Self.end(oldest, in: &state).map { [$0] } ?? []
                }
                // Counted now, so concurrent connections keep to the bound while their tapes are made.
                state.sessions += 1
            }
            state.making += 1
            return (nil, closing)
        }
        for tape in closing { tape.close() }
        if let joined { return joined }
        let recorder = make()
        state.withLockedValue { state in
            state.making -= 1
            state.tapes[recorder.id] = Tape(
                recorder: recorder, session: session, latestConnection: connection.id,
                phase: .live([connection.id: connection]))
            state.working[recorder.id] = recorder
        }
        // Only once the tape is in the table: a failure to create the file reaches its connection.
        recorder.startWriting()
        return recorder
    }

    /// `connection` is finished. The tape closes now if it was the last one in it and the tape is
    /// not a session's (or the proxy is shutting down); a session's is sealed and waits the
    /// policy's gap for a reconnect, replacing an older session of its identity that was waiting.
    func connectionEnded(_ connection: ProxyConnection, tape id: UInt32) {
        let (sealing, closing): (OffLoopTapeWriter?, [OffLoopTapeWriter]) = state.withLockedValue { state in
            guard var tape = state.tapes[id], case .live(var live) = tape.phase,
                live.removeValue(forKey: connection.id) != nil
            else { return (nil, []) }
            guard live.isEmpty else {
                tape.phase = .live(live)
                state.tapes[id] = tape
                return (nil, [])
            }
            guard let session = tape.session, !state.shuttingDown, policy.waitsForReconnect else {
                return (nil, Self.end(id, in: &state).map { [$0] } ?? [])
            }
            var closing: [OffLoopTapeWriter] = []
            // Only the newest waits: the next connection of the identity could join no other.
            if let older = state.waiting[session], older != id, let recorder = Self.end(older, in: &state) {
                closing.append(recorder)
            }
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.waiting[session] = id
            state.waitOrder.append((id, ticket))
            state.working[id] = nil
            let gapTimer = connection.eventLoop.scheduleTask(in: .nanoseconds(policy.gapNanoseconds)) { [weak self] () -> Void in
                self?.gapEnded(id, ticket: ticket)
            }
            tape.phase = .waiting(gapTimer: gapTimer, ticket: ticket)
            state.tapes[id] = tape
            return (tape.recorder, closing)
        }
        sealing?.seal()
        for tape in closing { tape.close() }
    }

    private func gapEnded(_ id: UInt32, ticket: UInt64) {
        let closing: OffLoopTapeWriter? = state.withLockedValue { state in
            guard state.ticket(of: id) == ticket else { return nil }
            return Self.end(id, in: &state)
        }
        closing?.close()
    }

    /// The session that has waited longest, taken off the queue; nil when none waits.
    private static func longestWaiting(in state: inout State) -> UInt32? {
        while state.waitOrderStart < state.waitOrder.count {
            let entry = state.waitOrder[state.waitOrderStart]
            state.waitOrderStart += 1
            if state.ticket(of: entry.id) == entry.ticket { return entry.id }
        }
        return nil
    }

    /// Marks tape `id` ending and forgets it as a session; returns its recorder, to close outside
    /// the lock (nil for a tape already gone or ending).
    private static func end(_ id: UInt32, in state: inout State) -> OffLoopTapeWriter? {
        guard var tape = state.tapes[id] else { return nil }
        switch tape.phase {
        case .ending: return nil
        case .waiting(let gapTimer, _): gapTimer.cancel()
        case .live: break
        }
        tape.phase = .ending
        state.working[id] = nil
        if let session = tape.session {
            if state.waiting[session] == id { state.waiting[session] = nil }
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
        let current = state
        state.waitOrder.removeAll { entry in current.ticket(of: entry.id) != entry.ticket }
    }

    /// Shutdown: no session waits for its gap any more; tapes with no live connection close now.
    func endIdleTapes() {
        let closing: [OffLoopTapeWriter] = state.withLockedValue { state in
            state.shuttingDown = true
            let idle = state.tapes.compactMap { id, tape in
                if case .waiting = tape.phase { id } else { nil }
            }
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
            guard state.tapes.isEmpty, state.making == 0 else { return [] }
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
        state.withLockedValue { state in
            if case .live(let live)? = state.tapes[id]?.phase { Array(live.values) } else { [] }
        }
    }

    /// The tapes with a connection live, for the flush timer: a waiting session's is sealed and
    /// a closing one drains by itself, so thousands of waiting sessions cost the timer nothing.
    var recorders: [OffLoopTapeWriter] { state.withLockedValue { Array($0.working.values) } }

    /// Sessions open or waiting (tapes with an identity, not yet closing).
    var sessionCount: Int { state.withLockedValue { $0.sessions } }

    /// Drops a marker into every tape still taking records, under its newest connection; returns how many.
    func mark(_ name: String) -> Int {
        let open: [(OffLoopTapeWriter, UInt32, waiting: Bool)] = state.withLockedValue { state in
            state.tapes.values.compactMap { tape in
                switch tape.phase {
                case .live: (tape.recorder, tape.latestConnection, false)
                case .waiting: (tape.recorder, tape.latestConnection, true)
                case .ending: nil
                }
            }
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
            if state.tapes.isEmpty && state.making == 0 { return true }
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
