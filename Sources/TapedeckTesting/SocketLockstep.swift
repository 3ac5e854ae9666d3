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
/// behind it is performed, and a message still not sent is missing. After each step the app
/// settles: it runs until it has nothing left to do (`Settling.untilQuiet`, on the app's work that
/// `AppWork` keeps on the main queue), then the adapter's own `settle()`. Nothing here waits on a
/// clock: what the app did by then is what it did, on every run.
@MainActor
struct SocketLockstep {
    /// Sockets that stopped being read: the replay no longer reports them.
    private var unread: Set<ObjectIdentifier> = []
    /// Whether the app was found spinning: reported once.
    private var spun = false

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
            network.ended(afterRecord: position.record)
            socket.deliverFailure(reason)
            await settle(socket, adapter, network)
            return true
        case (.text, .s2c), (.binary, .s2c):
            network.advance(to: context(position, after: .serverMessage(record.payload), network))
            guard let socket, !socket.isEnded else { return false }
            network.serverSpoke()
            let text = record.kind == .text ? SocketMessage(isText: true, bytes: record.payload).text : nil
            socket.deliver(text.map { .string($0) } ?? .data(Data(record.payload)))
            await settle(socket, adapter, network)
            return true
        case (.close, .s2c):
            network.advance(to: context(position, after: .serverClose(code: record.closeCode ?? 1005), network))
            guard let socket, !socket.isEnded else { return false }
            network.ended(afterRecord: position.record)
            socket.deliverClose(code: Int(record.closeCode ?? 1005), reason: String(decoding: record.payload, as: UTF8.self))
            await settle(socket, adapter, network)
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
        while !done(), let deadline = clock.wakeNext(notAfter: target) {
            network.timerFired(at: VirtualTime(nanoseconds: deadline.offset.wholeNanoseconds))
            await settle(network.sockets.last, adapter, network)
        }
        if !done() { clock.move(to: target) }
    }

    /// Lets the app run until it has nothing left to do, then the adapter's own `settle()`; a
    /// socket the app was given a message on and is not reading again by then has stopped being
    /// read. An app still busy after `Settling.busyRounds` rounds is spinning: one finding.
    mutating func settle(_ socket: ReplaySocket?, _ adapter: some AppSocketAdapter, _ network: ReplayNetwork) async {
        if await !Settling.untilQuiet(), !spun {
            spun = true
            network.keptBusy(rounds: Settling.busyRounds)
        }
        await adapter.settle()
        if let socket, !socket.isReading, !unread.contains(ObjectIdentifier(socket)) {
            unread.insert(ObjectIdentifier(socket))
            network.stoppedReading(socket)
        }
    }

    private func context(_ position: RecordPosition, after: SendContext.Event, _ network: ReplayNetwork) -> SendContext {
        SendContext(tape: network.tape, record: position.record, time: position.sessionTime, after: after)
    }
}
