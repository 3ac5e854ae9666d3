import TapedeckReplay

/// The outcome of `tapedeck serve --verify`: per recorded connection, its client messages and how
/// the client departed from them. It passes when there is no finding at all.
public struct ServeVerdict: Sendable, Equatable {
    /// A recorded client message.
    public struct Message: Sendable, Equatable {
        /// Its position in the tape.
        public var record: Int
        /// Its envelope's `type`.
        public var type: String
    }

    /// A recorded connection and what the client did on it.
    public struct Connection: Sendable, Equatable {
        /// Its number, from 1, in the order the tape recorded it.
        public var number: Int
        /// Whether the client opened it.
        public var opened: Bool
        /// The client messages the tape recorded on it, in order.
        public var clientMessages: [Message]
        /// How the client departed from them.
        public var findings: [ClientFinding]
    }

    /// Every recorded connection, in recorded order.
    public var connections: [Connection]
    /// A finding for each connection the client opened beyond the recorded ones.
    public var extraConnections: [ClientFinding]

    /// Every finding: each connection's, then the extra connections.
    public var findings: [ClientFinding] { connections.flatMap(\.findings) + extraConnections }
    /// Whether there is no finding at all.
    public var passed: Bool { findings.isEmpty }

    /// The report `tapedeck serve --verify` prints: the verdict line, then each finding.
    public var text: String {
        let messages = connections.reduce(0) { $0 + $1.clientMessages.count }
        let connectionCount = "\(connections.count) connection\(connections.count == 1 ? "" : "s")"
        guard !passed else {
            return "PASS: the client sent all \(messages) recorded client messages in order on \(connectionCount)"
        }
        let count = findings.count
        return
            ([
                "FAIL: \(count) difference\(count == 1 ? "" : "s") from the recording (\(messages) client messages on \(connectionCount))"
            ]
            + findings.map(\.report)).joined(separator: "\n")
    }
}
