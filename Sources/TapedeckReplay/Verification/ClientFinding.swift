import TapedeckCore

/// One way a client departed from the recording it was served (`tapedeck serve --verify`).
/// Connections are numbered from 1 in the order the client opened them; records are the tape's
/// record numbers (as `tapedeck cat` counts them, from 0); sends count the client's messages on
/// that connection from 1.
public enum ClientFinding: Sendable, Equatable, CustomStringConvertible {
    /// The client sent the message the recording expected next, with other values.
    case changed(connection: Int, record: Int, send: Int, type: String, diff: [String])
    /// A recorded client message the client never sent.
    case missing(connection: Int, record: Int, type: String)
    /// A message the recording has no place for at this point; it got no answer.
    case unexpected(connection: Int, send: Int, type: String, expected: (type: String, record: Int)?)
    /// The message matched just before (at `record`), sent again: the recording has it once.
    case repeated(connection: Int, send: Int, type: String, record: Int)
    /// A recorded client message sent after a later one: it was passed over as missing, then came.
    case outOfOrder(connection: Int, record: Int, send: Int, type: String)
    /// A connection the tape recorded that the client never opened.
    case notOpened(connection: Int)
    /// The client stopped reading its socket: the rest of the connection did not reach it.
    case stoppedReading(connection: Int)
    /// A binary frame: the app speaks JSON text, so the connection was closed with 1003.
    case binary(connection: Int, send: Int)
    /// A connection beyond the ones the tape recorded.
    case extraConnection(connection: Int, recorded: Int)
    /// The client opened a recorded connection by itself, at `at` (ns of virtual time), earlier
    /// than the recording did (`recorded`) by more than the test's tolerance: its backoff is
    /// shorter or gone (`AppReplay` only).
    case reconnectedEarly(connection: Int, at: UInt64, recorded: UInt64)
    /// The client sent on a connection after it had closed or failed (`AppReplay` only).
    case sentAfterClose(connection: Int, type: String)
    /// The client made `reconnects` tasks within `within` ns of virtual time of the connection's
    /// end after record `afterRecord`: a reconnect storm; later tasks never connect (`AppReplay` only).
    case reconnectStorm(reconnects: Int, within: UInt64, afterRecord: Int?)
    /// The client asked a connection that had ended for a message `receives` times: its receive
    /// loop does not end; later receives are held (`AppReplay` only).
    case receiveLoopSpun(connection: Int, receives: Int)
    /// The client kept running for `rounds` rounds of the main queue without waiting on the
    /// replay: it spins (`AppReplay` only).
    case keptBusy(rounds: Int)

    /// The connection the finding is about, numbered from 1 in the order the client opened them;
    /// 0 for one about no single connection (a reconnect storm, a spinning app).
    public var connection: Int {
        switch self {
        case .changed(let connection, _, _, _, _), .missing(let connection, _, _), .unexpected(let connection, _, _, _),
            .repeated(let connection, _, _, _), .outOfOrder(let connection, _, _, _), .binary(let connection, _),
            .extraConnection(let connection, _), .notOpened(let connection), .stoppedReading(let connection),
            .reconnectedEarly(let connection, _, _), .sentAfterClose(let connection, _),
            .receiveLoopSpun(let connection, _):
            connection
        case .reconnectStorm, .keptBusy: 0
        }
    }

    /// One line; `changed` adds its −/+ lines below it in `report`.
    public var summary: String {
        switch self {
        case .changed(let connection, let record, let send, let type, _):
            "connection \(connection), record \(record): \(type) (send #\(send)) was sent with changed fields"
        case .missing(let connection, let record, let type):
            "connection \(connection), record \(record): \(type) was never sent"
        case .unexpected(let connection, let send, let type, let expected):
            "connection \(connection), send #\(send): unexpected \(type); "
                + (expected.map { "the recording's next client message is \($0.type) (record \($0.record))" }
                    ?? "the recording has no more client messages on this connection")
        case .repeated(let connection, let send, let type, let record):
            "connection \(connection), send #\(send): \(type) sent again; the recording sent it once (record \(record))"
        case .outOfOrder(let connection, let record, let send, let type):
            "connection \(connection), record \(record): \(type) (send #\(send)) was sent out of order, after a later recorded message"
        case .notOpened(let connection):
            "connection \(connection): the tape recorded this connection; the client never opened it"
        case .stoppedReading(let connection):
            "connection \(connection): the client stopped reading its socket; the rest of the connection did not reach it"
        case .binary(let connection, let send):
            "connection \(connection), send #\(send): a binary frame; the recording holds JSON text only"
        case .extraConnection(let connection, let recorded):
            "connection \(connection): the tape recorded \(recorded) connection\(recorded == 1 ? "" : "s"); this one was closed"
        case .reconnectedEarly(let connection, let at, let recorded):
            "connection \(connection): the client reconnected at t=\(DurationText.seconds(at)), "
                + "\(DurationText.seconds(recorded - at)) before the recording did (t=\(DurationText.seconds(recorded))): "
                + "its backoff is shorter or gone"
        case .sentAfterClose(let connection, let type):
            "connection \(connection): \(type) was sent after the connection had closed or failed"
        case .reconnectStorm(let reconnects, let within, let record):
            "reconnected \(reconnects) times within \(DurationText.seconds(within)) of the drop"
                + (record.map { " after record \($0)" } ?? "") + ": a reconnect storm; later attempts were left unanswered"
        case .receiveLoopSpun(let connection, let receives):
            "connection \(connection): the receive loop did not end: it asked the ended connection for a message "
                + "\(receives) times; later receives were held"
        case .keptBusy(let rounds):
            "the app kept running for \(rounds) rounds of the main queue without waiting on the replay: it spins"
        }
    }

    /// The summary, and for `changed` the recorded (−) against the sent (+) values.
    public var report: String {
        guard case .changed(_, _, _, _, let diff) = self else { return summary }
        return ([summary, "    recorded: −, sent: +"] + diff.map { "    " + $0 }).joined(separator: "\n")
    }

    /// Whether two findings say the same: compared by their `report` text.
    public static func == (left: ClientFinding, right: ClientFinding) -> Bool { left.report == right.report }

    /// The finding's `report`: its summary line, and for `changed` its −/+ lines.
    public var description: String { report }
}

extension ClientFinding {
    /// The recorded client message this finding is about, if any.
    public var record: Int? {
        switch self {
        case .changed(_, let record, _, _, _), .missing(_, let record, _), .outOfOrder(_, let record, _, _): record
        case .unexpected, .repeated, .binary, .extraConnection, .notOpened, .stoppedReading, .reconnectedEarly, .sentAfterClose,
            .reconnectStorm, .receiveLoopSpun, .keptBusy:
            nil
        }
    }
}
