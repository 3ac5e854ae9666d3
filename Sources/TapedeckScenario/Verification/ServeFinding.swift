/// One way a client departed from the recording it was served (`tapedeck serve --verify`).
/// Connections are numbered from 1 in the order the client opened them; records are the tape's
/// record numbers (as `tapedeck cat` counts them, from 0); sends count the client's messages on
/// that connection from 1.
public enum ServeFinding: Sendable, Equatable, CustomStringConvertible {
    /// The client sent the message the recording expected next, with other values.
    case changed(connection: Int, record: Int, send: Int, type: String, diff: [String])
    /// A recorded client message the client never sent.
    case missing(connection: Int, record: Int, type: String)
    /// A message the recording has no place for at this point; it got no answer.
    case unexpected(connection: Int, send: Int, type: String, expected: (type: String, record: Int)?)
    /// A binary frame: the app speaks JSON text, so the connection was closed with 1003.
    case binary(connection: Int, send: Int)
    /// A connection beyond the ones the tape recorded.
    case extraConnection(connection: Int, recorded: Int)

    public var connection: Int {
        switch self {
        case .changed(let connection, _, _, _, _), .missing(let connection, _, _), .unexpected(let connection, _, _, _),
            .binary(let connection, _), .extraConnection(let connection, _):
            connection
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
        case .binary(let connection, let send):
            "connection \(connection), send #\(send): a binary frame; the recording holds JSON text only"
        case .extraConnection(let connection, let recorded):
            "connection \(connection): the tape recorded \(recorded) connection\(recorded == 1 ? "" : "s"); this one was closed"
        }
    }

    /// The summary, and for `changed` the recorded (−) against the sent (+) values.
    public var report: String {
        guard case .changed(_, _, _, _, let diff) = self else { return summary }
        return ([summary, "    recorded: −, sent: +"] + diff.map { "    " + $0 }).joined(separator: "\n")
    }

    public static func == (left: ServeFinding, right: ServeFinding) -> Bool { left.report == right.report }

    public var description: String { report }
}
