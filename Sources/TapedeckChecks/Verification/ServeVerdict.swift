import TapedeckReplay

/// The outcome of `tapedeck serve --verify`: per recorded connection, its client messages and how
/// the client departed from them. It passes when there is no finding at all.
public struct ServeVerdict: Sendable, Equatable {
    public struct Message: Sendable, Equatable {
        public var record: Int
        public var type: String
    }

    public struct Connection: Sendable, Equatable {
        public var number: Int
        public var opened: Bool
        public var clientMessages: [Message]
        public var findings: [ClientFinding]
    }

    public var connections: [Connection]
    public var extraConnections: [ClientFinding]

    public var findings: [ClientFinding] { connections.flatMap(\.findings) + extraConnections }
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
