import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif

/// One record of a tape played through the app's own socket code, in lockstep with the tape:
/// server messages, closes and failures go into the app's `ReplaySocket`; at a message the
/// recorded client sent, what the app already sent is looked at first, then the user action
/// behind it is performed, and a message still not sent is missing. After each step the app is
/// settled: it reads its socket again (or the connection is over), then the main queue and the
/// main actor run once, then the adapter's own `settle()`.
@MainActor
struct SocketLockstep {
    /// Sockets that stopped being read: the replay no longer waits for them.
    private var unread: Set<ObjectIdentifier> = []

    /// Plays one record into `adapter`'s app, which reads through `network`; whether it reached the app.
    mutating func play(
        _ record: TapeRecord, at position: RecordPosition, into adapter: some AppSocketAdapter, through network: ReplayNetwork
    ) async -> Bool {
        await runTimers(until: position.sessionTime, adapter, network)
        let socket = network.socket(forRecorded: record.connection)
        switch (record.kind, record.direction) {
        case (.open, _):
            network.advance(to: context(position, after: .opened, network))
            return await open(record.connection, at: position.sessionTime, current: socket, adapter, network)
        case (.error, _):
            let reason = String(decoding: record.payload, as: UTF8.self)
            // A second note of an end already delivered (the proxy notes both sides of a drop).
            if let socket, socket.isEnded { return false }
            network.advance(to: context(position, after: .failure(reason), network))
            // A failure before the connection opened is the app's attempt to connect failing.
            guard await open(record.connection, at: position.sessionTime, current: socket, adapter, network),
                let socket = network.socket(forRecorded: record.connection)
            else { return false }
            let before = Reaction(network)
            socket.deliverFailure(reason)
            await settle(socket, adapter, network, afterEnd: true)
            if adapter.reconnectsItself { await before.waitForTheApp(network) }
            return true
        case (.text, .s2c), (.binary, .s2c):
            network.advance(to: context(position, after: .serverMessage(record.payload), network))
            guard let socket, !socket.isEnded else { return false }
            let text = record.kind == .text ? SocketMessage(isText: true, bytes: record.payload).text : nil
            socket.deliver(text.map { .string($0) } ?? .data(Data(record.payload)))
            await settle(socket, adapter, network)
            return true
        case (.close, .s2c):
            network.advance(to: context(position, after: .serverClose(code: record.closeCode ?? 1005), network))
            guard let socket, !socket.isEnded else { return false }
            let before = Reaction(network)
            socket.deliverClose(code: Int(record.closeCode ?? 1005), reason: String(decoding: record.payload, as: UTF8.self))
            await settle(socket, adapter, network, afterEnd: true)
            if adapter.reconnectsItself { await before.waitForTheApp(network) }
            return true
        case (.text, .c2s), (.binary, .c2s):
            guard network.awaits(record: position.record, recordedConnection: record.connection) else { return true }
            let message = SocketMessage(isText: record.kind == .text, bytes: record.payload)
            network.advance(to: context(position, after: .userAction(for: record.payload), network))
            switch adapter.performUserAction(for: message) {
            case .unavailable:
                network.passOver(record: position.record, recordedConnection: record.connection)
            case .performed, .automatic:
                await settle(socket, adapter, network)
                network.giveUp(record: position.record, recordedConnection: record.connection)
            }
            return true
        default:
            return false
        }
    }

    /// Makes sure the app has a live socket for a recorded connection: when it has none (it has
    /// not connected, or its last connection ended), the adapter connects it. An app that
    /// reconnects by itself (its adapter's `connect()` does nothing after the launch's) may come
    /// later than the recording did by the tolerance: its timers run on that long first.
    private mutating func open(
        _ connection: UInt32, at time: VirtualTime, current: ReplaySocket?, _ adapter: some AppSocketAdapter,
        _ network: ReplayNetwork
    ) async -> Bool {
        if let current, !current.isEnded { return true }
        network.opening(recordedConnection: connection)
        adapter.connect()
        await settle(network.socket(forRecorded: connection), adapter, network)
        network.openingDone()
        if network.socket(forRecorded: connection) === current {
            await runTimers(until: VirtualTime(nanoseconds: time.nanoseconds + network.reconnectTolerance), adapter, network)
        }
        guard let opened = network.socket(forRecorded: connection), opened !== current, opened.isResumed else {
            network.notOpened(recordedConnection: connection)
            return false
        }
        return true
    }

    /// Wakes the app's timers on the replay's clock that are due before `time`, one deadline at a
    /// time, earliest first, settling the app after each: a backoff's reconnect, a poll's send,
    /// happen at their own virtual instant, and a timer that starts another is followed too.
    /// `until done`: stops at the first timer after which it holds.
    mutating func runTimers(
        until time: VirtualTime, _ adapter: some AppSocketAdapter, _ network: ReplayNetwork, until done: () -> Bool = { false }
    ) async {
        let clock = network.clock
        let target = ReplayClock.Instant(offset: .nanoseconds(Int64(clamping: time.nanoseconds)))
        guard clock.isInUse else { return clock.move(to: target) }
        // A sleep the app started while it handled the last record is registered by now: the
        // rounds pass through the global pool, where the app's sleep is registered.
        await Settling.throughGlobalPool(rounds: 2)
        while !done(), let deadline = clock.wakeNext(notAfter: target) {
            network.timerFired(at: VirtualTime(nanoseconds: deadline.offset.wholeNanoseconds))
            await Self.waitForTheWoken(clock)
            await settle(network.sockets.last, adapter, network)
            await Settling.throughGlobalPool(rounds: 2)
        }
        if !done() { clock.move(to: target) }
    }

    /// The tasks the clock woke resume on the global pool, not on the main queue the replay runs
    /// on: wait for them to return from their sleep (in wall time, bounded) before the app is
    /// settled, however long a busy machine takes to run them.
    static func waitForTheWoken(_ clock: ReplayClock) async {
        let start = ContinuousClock.now
        while clock.wokenStillAsleep, ContinuousClock.now - start < Reaction.patience {
            await Settling.throughGlobalPool(rounds: 1)
        }
    }

    /// Main-queue rounds after a connection's end: the app's reaction to a drop takes a few hops
    /// (its receive loop's catch, a state change, the task that waits out its backoff), and its
    /// timer must be set before the replay moves its clock on.
    static let endRounds = 4

    /// Waits until the app reads its socket again (or the connection is over), then lets the main
    /// queue and the main actor run once, then the adapter's own `settle()`. `afterEnd`: the
    /// connection just ended, and nothing tells when the app is done with it: `endRounds` rounds
    /// through the global pool too, where an app whose socket seam is a nonisolated protocol
    /// (`WebSocketTasking`) comes back from its failed receive.
    mutating func settle(
        _ socket: ReplaySocket?, _ adapter: some AppSocketAdapter, _ network: ReplayNetwork, afterEnd: Bool = false
    ) async {
        // On the main queue throughout: the wait for the app's next read resumes there too.
        await ReplayExecution.onMainQueue {
            if let socket, !unread.contains(ObjectIdentifier(socket)) {
                if await !socket.waitUntilIdle() {
                    unread.insert(ObjectIdentifier(socket))
                    network.stoppedReading(socket)
                }
            }
            if afterEnd {
                await Settling.throughGlobalPool(rounds: Self.endRounds)
            } else {
                await Settling.mainQueue(rounds: 1)
            }
            await adapter.settle()
        }
    }

    private func context(_ position: RecordPosition, after: SendContext.Event, _ network: ReplayNetwork) -> SendContext {
        SendContext(tape: network.tape, record: position.record, time: position.sessionTime, after: after)
    }
}

/// What the app had done before a connection ended: its reaction is a timer on the replay's clock
/// or a new task. Waiting for it in wall time, not in main-queue rounds, keeps the replay
/// deterministic where the app's hops pass through the global executor, which a busy machine
/// delays (a cut check under a CPU hog saw the app's backoff registered after the clock moved on).
struct Reaction {
    let registrations: Int
    let tasks: Int

    init(_ network: ReplayNetwork) {
        registrations = network.clock.registrations
        tasks = network.taskTimes.count
    }

    /// Only a guard against an app that does not react: it returns as soon as the app has.
    static let patience: Duration = .seconds(5)

    @MainActor
    func waitForTheApp(_ network: ReplayNetwork) async {
        let start = ContinuousClock.now
        while network.clock.registrations == registrations, network.taskTimes.count == tasks,
            ContinuousClock.now - start < Self.patience
        {
            await Settling.mainQueue(rounds: 1)
            try? await Task.sleep(for: .milliseconds(1))
        }
        await Settling.mainQueue(rounds: 2)
    }
}
