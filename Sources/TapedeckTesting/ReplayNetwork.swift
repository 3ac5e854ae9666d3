import Foundation
internal import TapedeckChecks
import TapedeckCore
import TapedeckReplay
import TapedeckTape

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network as a tape recorded it, handed to the app's own code in place of `URLSession`: the
/// app makes its WebSocket tasks here (`webSocketTask(with:)`, the seam's factory) and gets a
/// `ReplaySocket` per recorded connection, in order. Everything the app sends on them is matched,
/// as it is sent, against the tape's client messages by `ClientVerifier`, the judge of
/// `tapedeck serve --verify`: the same rules (message type, values outside the ignored paths), one
/// implementation. Made by `AppReplay` for each replay; `findings` is the send check's verdict.
///
/// `@unchecked Sendable`: what changes is `state`, read and written only under `lock` (the app's
/// tasks, their handlers and the replay call in from any thread); the other properties are constants.
public final class ReplayNetwork: @unchecked Sendable {
    /// One message the app sent, where the replay stood when it did.
    public struct Sent: Sendable, Equatable {
        /// The connection it was sent on: the recorded connection's number, from 1.
        public var connection: Int
        /// The message's bytes: a text message's UTF-8.
        public var bytes: [UInt8]
        /// Whether it was a text message (else binary).
        public var isText: Bool
        /// Where the replay stood when the app sent it.
        public var context: SendContext
    }

    private struct State {
        var tape: String
        var verifier: ClientVerifier
        /// Each record's recorded connection (the tape's own number) → its number from 1.
        var connectionNumbers: [UInt32: Int]
        var sockets: [ReplaySocket] = []
        /// The recorded connection the replay is opening now (its number from 1).
        var opening: Int?
        var extraTasks = 0
        var context: SendContext
        var findings: [SendFinding] = []
        var sent: [Sent] = []
        /// The last end of a connection (the record it came after, and when), and the tasks the
        /// app made since: more than `stormLimit` within `stormWindow` is a reconnect storm.
        var lastEnd: (record: Int?, time: VirtualTime)?
        var tasksSinceEnd = 0
        var stormed = false
        /// The replay left the tape (a cut, a fault schedule): the tasks the app makes from now on
        /// connect to a server that stays silent and takes what is sent (`leaveTape()`).
        var offTape = false
        /// Attempts to connect still to be refused (a fault schedule's `.refusals`).
        var refusing = 0
        /// Connection ends (closes, failures, refused attempts) since the server last spoke: the
        /// attempts in a row an app counts toward its maximum.
        var endsInARow = 0
        /// The session's first tape's creation time (ms since 1970): where `now` starts.
        var epoch: Int64?
        /// Each connection's first record, in session time (ns): when the recording reconnected.
        var firstTimes: [Int: UInt64] = [:]
        /// When the app made each of its tasks, in order.
        var taskTimes: [VirtualTime] = []
        /// When the app cancelled a connection of the tape's that was still open, in order.
        var cancelTimes: [VirtualTime] = []
    }

    private let lock = NSLock()
    private var state: State
    private let comparison: ClientMessageComparison
    /// How much earlier than recorded the app may reconnect by itself (`SendCheck.reconnectTolerance`).
    let reconnectTolerance: UInt64

    /// The clock for the app's timers under this replay: inject it where the app takes its clock
    /// (`ContinuousClock()` in the app). It follows the tape's virtual time (`ReplayClock`).
    public let clock = ReplayClock()

    /// A network for `AppReplay` to play tapes on, comparing what the app sends by `comparison`;
    /// an app's own reconnect more than `reconnectTolerance` before the recording's is a finding.
    ///
    /// - Parameters:
    ///   - comparison: How the app's messages are compared with the tape's; exact by default.
    ///   - reconnectTolerance: How much earlier than the recording the app may reconnect by itself;
    ///     500 ms by default. Negative counts as zero.
    public init(comparing comparison: ClientMessageComparison = .exact, reconnectTolerance: Duration = .milliseconds(500)) {
        self.comparison = comparison
        self.reconnectTolerance = reconnectTolerance.wholeNanoseconds
        state = Self.state(Recording(tape: "", records: [], comparing: comparison))
    }

    /// The network as `records` (all of a tape's records, in order: record numbers are their
    /// indices) recorded it. Findings and sends so far are kept; the app's tasks start anew.
    /// `created` is the tape's creation time (its metadata's), where `now` starts for the first
    /// tape of the session.
    /// `sessionOffset` is the session time of the tape's time 0.
    package func begin(tape: String, records: [TapeRecord], created: String = "", sessionOffset: UInt64 = 0) {
        begin(Recording(tape: tape, records: records, comparing: comparison), created: created, sessionOffset: sessionOffset)
    }

    /// `begin(tape:records:…)` with what the network reads from the records made already.
    func begin(_ recording: Recording, created: String = "", sessionOffset: UInt64 = 0) {
        lock.withLock {
            let findings = state.findings
            let sent = state.sent
            let epoch = state.epoch ?? RFC3339.milliseconds(created)
            state = Self.state(recording)
            state.findings = findings
            state.sent = sent
            state.epoch = epoch
            for (number, time) in recording.firstTimes { state.firstTimes[number] = sessionOffset + time }
        }
    }

    /// What the network reads from a tape's records before a replay: its connections and the judge
    /// of the client's messages. The same for every replay of the tape (`checkCuts` makes it once).
    struct Recording {
        let tape: String
        let verifier: ClientVerifier
        /// Each record's recorded connection (the tape's own number) → its number from 1.
        let connectionNumbers: [UInt32: Int]
        /// Each connection's first record, in tape time (ns).
        let firstTimes: [Int: UInt64]

        init(tape: String, records: [TapeRecord], comparing comparison: ClientMessageComparison) {
            var numbers: [UInt32: Int] = [:]
            for (index, connection) in RecordedSessionPlayer.connections(in: records).enumerated() {
                numbers[connection] = index + 1
            }
            var firstTimes: [Int: UInt64] = [:]
            for record in records {
                guard let number = numbers[record.connection], firstTimes[number] == nil else { continue }
                firstTimes[number] = record.time
            }
            self.tape = tape
            verifier = ClientVerifier(records: records, comparing: comparison)
            connectionNumbers = numbers
            self.firstTimes = firstTimes
        }
    }

    private static func state(_ recording: Recording) -> State {
        State(
            tape: recording.tape, verifier: recording.verifier, connectionNumbers: recording.connectionNumbers,
            context: SendContext(tape: recording.tape, record: nil, time: .zero, after: .start))
    }

    /// The tape being played, as reports name it.
    public var tape: String { lock.withLock { state.tape } }

    // MARK: What the app calls

    /// A task for a connection the tape recorded (as `URLSession.webSocketTask(with:)`): the one
    /// the replay is opening, else the next one the app has not opened yet. A task beyond them is a
    /// finding, and fails at once.
    ///
    /// - Parameter url: The URL the app asks for; kept as the socket's `url`, not compared with
    ///   the recording's.
    /// - Returns: A socket for the recorded connection, not resumed yet; for a task beyond the
    ///   recorded connections, a socket whose sends and receives fail with
    ///   `ReplaySocketError.notRecorded`.
    public func webSocketTask(with url: URL) -> ReplaySocket {
        AppWork.touch()
        let now = time
        return lock.withLock {
            if let storm = stormSocket(url: url, at: now) { return storm }
            if state.offTape {
                let refused = state.refusing > 0
                state.refusing -= refused ? 1 : 0
                state.endsInARow += refused ? 1 : 0
                return offTapeSocket(url: url, at: now, refused: refused)
            }
            let recorded = state.verifier.recordedConnections
            let number: Int
            if let opening = state.opening, !state.sockets.contains(where: { $0.connection == opening && !$0.isEnded }) {
                number = opening
            } else {
                number = (1..<recorded + 1).first { candidate in !state.sockets.contains { $0.connection == candidate } } ?? 0
            }
            if number == 0 {
                state.extraTasks += 1
                state.findings.append(
                    SendFinding(
                        finding: .extraConnection(connection: recorded + state.extraTasks, recorded: recorded),
                        context: state.context))
            }
            // The app's own reconnect (the replay is not opening one): not before the recording's.
            if number > 1, state.opening == nil, let recorded = state.firstTimes[number],
                now.nanoseconds + reconnectTolerance < recorded
            {
                state.findings.append(
                    SendFinding(
                        finding: .reconnectedEarly(connection: number, at: now.nanoseconds, recorded: recorded),
                        context: state.context))
            }
            state.taskTimes.append(now)
            while state.verifier.connectionsOpened < number { _ = state.verifier.connect() }
            let connection = number
            let socket = ReplaySocket(
                url: url, connection: connection,
                onSend: { [weak self] message in self?.appSent(message, on: connection) },
                onSendAfterEnd: { [weak self] message in self?.appSentAfterEnd(message, on: connection) },
                onSpin: { [weak self] in self?.appSpun(on: connection) },
                onCancel: { [weak self] in self?.appCancelled() })
            state.sockets.append(socket)
            return socket
        }
    }

    /// How many tasks the app may make within `stormWindow` of a connection's end before the
    /// replay calls it a reconnect storm: later tasks never connect, so the app's loop stops.
    static let stormLimit = 50
    /// How soon after the end those tasks count: a backoff of a second or more never reaches it.
    static let stormWindow: UInt64 = 1_000_000_000

    /// Called with the lock held: a socket that never connects, once the app has made more than
    /// `stormLimit` tasks within `stormWindow` of the last end (one finding, at the limit).
    private func stormSocket(url: URL, at now: VirtualTime) -> ReplaySocket? {
        guard let end = state.lastEnd, now.nanoseconds - end.time.nanoseconds <= Self.stormWindow else { return nil }
        state.tasksSinceEnd += 1
        guard state.tasksSinceEnd > Self.stormLimit || state.stormed else { return nil }
        if !state.stormed {
            state.stormed = true
            state.findings.append(
                SendFinding(
                    finding: .reconnectStorm(
                        reconnects: Self.stormLimit, within: now.nanoseconds - end.time.nanoseconds, afterRecord: end.record),
                    context: state.context))
        }
        return offTapeSocket(url: url, at: now, refused: false)
    }

    /// Called with the lock held: a socket for a connection off the tape, made at `now`: refused at
    /// once, or open and silent (it keeps what the app sends and never answers).
    private func offTapeSocket(url: URL, at now: VirtualTime, refused: Bool) -> ReplaySocket {
        state.taskTimes.append(now)
        let socket = ReplaySocket(url: url, connection: 0, onSend: { _ in }, connecting: !refused, refused: refused)
        state.sockets.append(socket)
        return socket
    }

    /// A message's envelope type as reports name it; "a message" when it has none.
    static func typeName(of bytes: [UInt8]) -> String {
        EnvelopeTypeScanner.type(in: bytes).map { String(decoding: $0, as: UTF8.self) } ?? "a message"
    }

    /// The wall-clock time as the app reads it under the replay, in whole milliseconds: the
    /// session's first tape's recorded start (its metadata's `created`) plus the virtual time since,
    /// so timestamps the app writes can be compared by value. A tape without a readable creation
    /// time starts at 1970-01-01T00:00:00Z, as `tapedeck replay` does.
    public var now: Date {
        let epoch = lock.withLock { state.epoch ?? 0 }
        let milliseconds = epoch.addingReportingOverflow(Int64(clamping: time.nanoseconds / 1_000_000))
        return Date(timeIntervalSince1970: Double(milliseconds.overflow ? Int64.max : milliseconds.partialValue) / 1000)
    }

    // MARK: What the replay reads

    /// The send check so far: every departure from the tape's client messages, in the order found.
    /// Recorded messages not reached yet are not in it; `finish()` adds them.
    public var findings: [SendFinding] { lock.withLock { state.findings } }

    /// Every message the app sent, in order.
    public var sent: [Sent] { lock.withLock { state.sent } }

    /// The sockets the app made, in order.
    public var sockets: [ReplaySocket] { lock.withLock { state.sockets } }

    /// The replay's virtual time now.
    /// One "now" for the replay: the clock's, so `now`, the findings' times and the app's timers agree.
    var time: VirtualTime { VirtualTime(nanoseconds: clock.now.offset.wholeNanoseconds) }

    /// When the app made each of its tasks, in virtual time.
    var taskTimes: [VirtualTime] { lock.withLock { state.taskTimes } }

    /// When the app cancelled a connection of the tape's that was still open, in virtual time.
    var cancelTimes: [VirtualTime] { lock.withLock { state.cancelTimes } }

    private func appCancelled() {
        let now = time
        lock.withLock { state.cancelTimes.append(now) }
    }

    /// The app's latest socket for a recorded connection (the record's own connection number).
    func socket(forRecorded connection: UInt32) -> ReplaySocket? {
        lock.withLock {
            guard let number = state.connectionNumbers[connection] else { return nil }
            return state.sockets.last { $0.connection == number }
        }
    }

    /// The replay reached the opening of a recorded connection: the app's next task plays it.
    func opening(recordedConnection: UInt32) {
        lock.withLock { state.opening = state.connectionNumbers[recordedConnection] }
    }

    /// The opening is over: a task the app makes later (its own reconnect) plays the next
    /// connection it has not opened.
    func openingDone() {
        lock.withLock { state.opening = nil }
    }

    /// Where the replay is now, for the findings and the clock.
    func advance(to context: SendContext) {
        lock.withLock {
            state.context = context
            clock.move(to: ReplayClock.Instant(offset: .nanoseconds(Int64(clamping: context.time.nanoseconds))))
        }
    }

    /// A timer of the app's woke at `time`, between records: what it makes the app do happens then.
    func timerFired(at time: VirtualTime) {
        lock.withLock {
            state.context.time = max(state.context.time, time)
            state.context.after = .timer
        }
    }

    /// Whether the recorded client message at `record` still waits for the app: not sent yet, or
    /// skipped by a later one (so a late send shows as out of order).
    func awaits(record: Int, recordedConnection: UInt32) -> Bool {
        lock.withLock {
            guard let number = state.connectionNumbers[recordedConnection] else { return false }
            return state.verifier.awaits(record: record, on: number)
        }
    }

    /// The recorded client message at `record` was due and the app did not send it: missing.
    func giveUp(record: Int, recordedConnection: UInt32) {
        lock.withLock {
            guard let number = state.connectionNumbers[recordedConnection] else { return }
            for finding in state.verifier.giveUp(record: record, on: number) {
                state.findings.append(SendFinding(finding: finding, context: state.context))
            }
        }
    }

    /// The recorded client message at `record` is one this app cannot send: it is not expected.
    func passOver(record: Int, recordedConnection: UInt32) {
        lock.withLock {
            guard let number = state.connectionNumbers[recordedConnection] else { return }
            state.verifier.passOver(record: record, on: number)
        }
    }

    /// The app did not open a connection the tape recorded.
    func notOpened(recordedConnection: UInt32) {
        lock.withLock {
            guard let number = state.connectionNumbers[recordedConnection] else { return }
            state.findings.append(SendFinding(finding: .notOpened(connection: number), context: state.context))
        }
    }

    /// A connection ends now, after `record` (a close, a failure, a cut): the reconnects that
    /// follow are counted for a storm from here.
    func ended(afterRecord record: Int?) {
        let now = time
        lock.withLock {
            state.lastEnd = (record, now)
            state.tasksSinceEnd = 0
            state.stormed = false
            state.endsInARow += 1
        }
    }

    /// The server sent a message: the app's attempts in a row start again.
    func serverSpoke() {
        lock.withLock { state.endsInARow = 0 }
    }

    /// Connection ends since the server last spoke (see `State.endsInARow`).
    var endsInARow: Int { lock.withLock { state.endsInARow } }

    /// The replay leaves the tape (a cut check, a fault schedule): a connection the app makes from
    /// now on stays open and silent, and keeps what the app sends on it.
    func leaveTape() {
        lock.withLock { state.offTape = true }
    }

    /// The app's next `count` attempts to connect are refused (after a cut).
    func refuseNext(_ count: Int) {
        lock.withLock { state.refusing = max(count, 0) }
    }

    /// The app was still busy after `rounds` rounds without waiting on the replay: it spins.
    func keptBusy(rounds: Int) {
        lock.withLock {
            state.findings.append(SendFinding(finding: .keptBusy(rounds: rounds), context: state.context))
        }
    }

    /// The app's receive loop asked an ended connection for a message more often than a loop that
    /// ends would: its receives are held from now on.
    private func appSpun(on connection: Int) {
        lock.withLock {
            state.findings.append(
                SendFinding(
                    finding: .receiveLoopSpun(connection: connection, receives: ReplaySocket.receivesAfterEndAnswered),
                    context: state.context))
        }
    }

    /// The replay is over: the app's timers are cancelled, and receives held on its sockets are
    /// answered with their connection's end.
    func end() {
        clock.end()
        for socket in sockets { socket.retire() }
    }

    /// The app stopped reading its socket: nothing more reaches it on this connection.
    func stoppedReading(_ socket: ReplaySocket) {
        lock.withLock {
            state.findings.append(SendFinding(finding: .stoppedReading(connection: socket.connection), context: state.context))
        }
    }

    /// The end of the tape: the recorded client messages never reached are missing. Tasks the app
    /// still holds end, as a connection does when the process ends.
    func finish() {
        lock.withLock {
            for finding in state.verifier.verdict.connections.flatMap({ $0.findings }) {
                guard case .missing = finding, !state.findings.contains(where: { $0.finding == finding }) else { continue }
                state.findings.append(SendFinding(finding: finding, context: state.context))
            }
        }
    }

    /// The app sent on a socket that had closed or failed: a dead socket's sends reach no server.
    private func appSentAfterEnd(_ message: URLSessionWebSocketTask.Message, on connection: Int) {
        guard connection > 0 else { return }
        let bytes: [UInt8] =
            switch message {
            case .string(let text): Array(text.utf8)
            case .data(let data): Array(data)
            @unknown default: []
            }
        let type = Self.typeName(of: bytes)
        lock.withLock {
            state.findings.append(
                SendFinding(finding: .sentAfterClose(connection: connection, type: type), context: state.context))
        }
    }

    private func appSent(_ message: URLSessionWebSocketTask.Message, on connection: Int) {
        guard connection > 0 else { return }
        lock.withLock {
            let (bytes, isText): ([UInt8], Bool) =
                switch message {
                case .string(let text): (Array(text.utf8), true)
                case .data(let data): (Array(data), false)
                @unknown default: ([], false)
                }
            state.sent.append(Sent(connection: connection, bytes: bytes, isText: isText, context: state.context))
            let judged = isText ? state.verifier.judge(bytes, on: connection) : [state.verifier.receiveBinary(on: connection)]
            for case .outOfOrder(_, let record, _, _) in judged {
                state.findings.removeAll { $0.finding.connection == connection && $0.finding.record == record }
            }
            state.findings += judged.map { SendFinding(finding: $0, context: state.context) }
        }
    }
}
