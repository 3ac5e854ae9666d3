import TapedeckReplay
import TapedeckTape

/// `tapedeck serve --verify`'s judge: serves a tape's recorded connections in turn to a client and
/// keeps every departure, so a refactored build can be checked as a black box. Pure (no clock, no
/// I/O): the network server feeds it what the client does and sends what it answers.
///
/// The client's first connection gets the tape's first recorded connection, its second the
/// second, and so on, so an app that reconnects finds its next session. A connection beyond the
/// recorded ones is a finding and gets nothing.
public struct ClientVerifier: Sendable {
    /// The player of each recorded connection, in the order the tape recorded them.
    private var sessions: [RecordedSessionPlayer]
    private let comparison: ClientMessageComparison
    /// How many connections the client opened.
    public private(set) var connectionsOpened = 0
    private var extraConnections: [ClientFinding] = []
    private var findings: [[ClientFinding]]

    /// `ignoring` leaves fields out of every comparison (patterns inside `message`).
    ///
    /// - Parameters:
    ///   - records: The tape's records, every connection's.
    ///   - ignoring: The fields to leave out of every comparison.
    public init(records: [TapeRecord], ignoring: SnapshotFilter = .none) {
        self.init(records: records, comparing: ClientMessageComparison(ignoring: ignoring))
    }

    /// A judge that compares the client's messages as `comparison` says.
    ///
    /// - Parameters:
    ///   - records: The tape's records, every connection's.
    ///   - comparison: How a client message is matched with the recorded one.
    public init(records: [TapeRecord], comparing comparison: ClientMessageComparison) {
        sessions = RecordedSessionPlayer.players(records: records, judging: comparison)
        findings = Array(repeating: [], count: sessions.count)
        self.comparison = comparison
    }

    /// How many connections the tape recorded (refused ones included).
    public var recordedConnections: Int { sessions.count }

    /// A new connection: its number (from 1) and the recorded greeting, or nil and a finding when
    /// the tape recorded no more connections.
    ///
    /// - Returns: The connection's number and what to send as it opens, or nil for an extra connection.
    public mutating func connect() -> (connection: Int, greeting: [RecordedSessionPlayer.Reply])? {
        connectionsOpened += 1
        guard connectionsOpened <= sessions.count else {
            extraConnections.append(.extraConnection(connection: connectionsOpened, recorded: sessions.count))
            return nil
        }
        return (connectionsOpened, sessions[connectionsOpened - 1].open())
    }

    /// Why the recording refused `connection`'s upgrade (numbered from 1), when it did.
    ///
    /// - Parameter connection: The connection's number, from 1.
    /// - Returns: The recorded refusal, or nil when it opened or was never recorded.
    public func refusal(of connection: Int) -> RecordedRefusal? {
        sessions.indices.contains(connection - 1) ? sessions[connection - 1].refusal : nil
    }

    /// A text message on `connection`: the recorded answers to send.
    ///
    /// - Parameters:
    ///   - bytes: The message's UTF-8 text.
    ///   - connection: The connection's number, from 1, as `connect()` gave it.
    /// - Returns: The replies due now, each after its recorded delay.
    public mutating func receive(_ bytes: [UInt8], on connection: Int) -> [RecordedSessionPlayer.Reply] {
        verify(bytes, on: connection).replies
    }

    /// A text message on `connection`, judged: the departures it showed (a late message's earlier
    /// missing finding is replaced by its `outOfOrder` one).
    ///
    /// - Parameters:
    ///   - bytes: The message's UTF-8 text.
    ///   - connection: The connection's number, from 1, as `connect()` gave it.
    /// - Returns: The findings; empty when the message was the one recorded next.
    public mutating func judge(_ bytes: [UInt8], on connection: Int) -> [ClientFinding] {
        verify(bytes, on: connection).findings
    }

    /// A binary frame on `connection`: the recording has none a client sends, so it is a finding.
    ///
    /// - Parameter connection: The connection's number, from 1, as `connect()` gave it.
    /// - Returns: The finding, also kept for the verdict.
    @discardableResult
    public mutating func receiveBinary(on connection: Int) -> ClientFinding {
        let finding = sessions[connection - 1].verifyBinary(connection: connection)
        findings[connection - 1].append(finding)
        return finding
    }

    /// Whether the recorded client message at `record` of `connection` is still to come.
    ///
    /// - Parameters:
    ///   - record: The record's position in the tape.
    ///   - connection: The connection's number, from 1.
    /// - Returns: True when that message has not arrived and has not been given up on.
    public func awaits(record: Int, on connection: Int) -> Bool {
        sessions.indices.contains(connection - 1) && sessions[connection - 1].awaits(record: record)
    }

    /// The recorded client message at `record` was due and never came: missing.
    ///
    /// - Parameters:
    ///   - record: The record's position in the tape.
    ///   - connection: The connection's number, from 1.
    /// - Returns: The `missing` findings, also kept for the verdict; none for an unknown connection.
    public mutating func giveUp(record: Int, on connection: Int) -> [ClientFinding] {
        guard sessions.indices.contains(connection - 1) else { return [] }
        let missing = sessions[connection - 1].giveUp(record: record, connection: connection)
        findings[connection - 1] += missing
        return missing
    }

    /// The recorded client message at `record` is not expected of this client (it cannot send it):
    /// the recording moves past it without a finding.
    ///
    /// - Parameters:
    ///   - record: The record's position in the tape.
    ///   - connection: The connection's number, from 1; an unknown one is ignored.
    public mutating func passOver(record: Int, on connection: Int) {
        guard sessions.indices.contains(connection - 1) else { return }
        sessions[connection - 1].passOver(record: record)
    }

    private mutating func verify(_ bytes: [UInt8], on connection: Int) -> RecordedSessionPlayer.Verification {
        let verification = sessions[connection - 1].verify(bytes, connection: connection, comparing: comparison)
        for case .outOfOrder(_, let record, _, _) in verification.findings {
            findings[connection - 1].removeAll { $0.record == record }
        }
        findings[connection - 1] += verification.findings
        return verification
    }

    /// Every recorded connection was opened and every recorded client message reached.
    public var isComplete: Bool {
        connectionsOpened >= sessions.count && sessions.allSatisfy { $0.remainingClientMessages == 0 }
    }

    /// The verdict so far; what was not reached counts as missing. A recorded connection the
    /// client never opened that has no client messages to miss (a reconnect that only takes in the
    /// server's resync) is a finding of its own, `notOpened`.
    public var verdict: ServeVerdict {
        let perConnection = sessions.indices.map { index in
            let connection = index + 1
            let opened = connection <= connectionsOpened
            let missing = sessions[index].missingMessages(connection: connection)
            let notOpened: [ClientFinding] = !opened && missing.isEmpty ? [.notOpened(connection: connection)] : []
            return ServeVerdict.Connection(
                number: connection, opened: opened,
                clientMessages: sessions[index].clientMessages.map { ServeVerdict.Message(record: $0.record, type: $0.type) },
                findings: findings[index] + missing + notOpened)
        }
        return ServeVerdict(connections: perConnection, extraConnections: extraConnections)
    }
}
