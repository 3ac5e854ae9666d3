import TapedeckProtocol
import TapedeckReplay

extension RecordedSessionPlayer {
    /// What one client message did to a verified session: the recorded answers to send, and the
    /// departures it showed.
    public struct Verification: Sendable, Equatable {
        /// The recorded answers to send, each after its recorded delay.
        public var replies: [Reply]
        /// The departures the message showed; empty when it was the one recorded next, unchanged.
        public var findings: [ClientFinding]
    }

    /// Judges `clientBytes` against the recording, in order; the one set of rules behind
    /// `tapedeck serve --verify` and TapedeckTesting's replay socket:
    /// - a message equal to the one matched just before, and to none still to come, is that one
    ///   sent again (`repeated`);
    /// - a message of the type recorded next is that message: it gets its answers, and any value it
    ///   changed (outside `filter`) is a finding;
    /// - otherwise a message equal to a later recorded one means the ones between were skipped:
    ///   they are missing, and it gets its answers;
    /// - a message equal to one skipped earlier was sent out of order (its missing finding becomes
    ///   `outOfOrder`);
    /// - anything else is unexpected and gets no answer; the recording stays where it is.
    /// Types `comparison` does not judge (the reference server's clock messages, at least) are
    /// neither expected nor judged.
    ///
    /// - Parameters:
    ///   - clientBytes: The message's UTF-8 text.
    ///   - connection: The connection's number, from 1, for the findings.
    ///   - comparison: Which types are judged and which fields are left out.
    /// - Returns: The replies to send and the findings.
    public mutating func verify(
        _ clientBytes: [UInt8], connection: Int, comparing comparison: ClientMessageComparison
    ) -> Verification {
        let (type, body) = Self.typeAndBody(clientBytes)
        if !comparison.judges(type) { return Verification(replies: [], findings: []) }
        sendCount += 1
        let sent = comparison.comparable(body)
        func equal(_ exchange: Exchange) -> Bool { exchange.type == type && comparison.comparable(exchange.body) == sent }

        if position > 0, equal(exchanges[position - 1]), !exchanges[position...].contains(where: equal) {
            let finding = ClientFinding.repeated(
                connection: connection, send: sendCount, type: type, record: exchanges[position - 1].recordIndex)
            return Verification(replies: [], findings: [finding])
        }
        if position < exchanges.count, exchanges[position].type == type {
            let next = exchanges[position]
            position += 1
            guard let diff = comparison.diffLines(recorded: next.body, sent: body) else {
                return Verification(replies: next.replies, findings: [])
            }
            let finding = ClientFinding.changed(
                connection: connection, record: next.recordIndex, send: sendCount, type: type, diff: diff)
            return Verification(replies: next.replies, findings: [finding])
        }
        if let later = exchanges[min(position + 1, exchanges.count)...].firstIndex(where: equal) {
            skipped.formUnion(position..<later)
            let missing = exchanges[position..<later].map {
                ClientFinding.missing(connection: connection, record: $0.recordIndex, type: $0.type)
            }
            position = later + 1
            return Verification(replies: exchanges[later].replies, findings: missing)
        }
        if let earlier = skipped.sorted().first(where: { equal(exchanges[$0]) }) {
            skipped.remove(earlier)
            let finding = ClientFinding.outOfOrder(
                connection: connection, record: exchanges[earlier].recordIndex, send: sendCount, type: type)
            return Verification(replies: [], findings: [finding])
        }
        let expected = position < exchanges.count ? (exchanges[position].type, exchanges[position].recordIndex) : nil
        let finding = ClientFinding.unexpected(connection: connection, send: sendCount, type: type, expected: expected)
        return Verification(replies: [], findings: [finding])
    }

    /// A binary frame from the client: always a departure.
    ///
    /// - Parameter connection: The connection's number, from 1, for the finding.
    /// - Returns: The `binary` finding.
    public mutating func verifyBinary(connection: Int) -> ClientFinding {
        sendCount += 1
        return .binary(connection: connection, send: sendCount)
    }

    /// Whether the recorded client message at `record` is still to come: not reached yet, or
    /// skipped by a later one (and so missing unless sent late).
    ///
    /// - Parameter record: The record's position in the tape.
    /// - Returns: True when it is still to come; false when it is not a client message of this connection.
    public func awaits(record: Int) -> Bool {
        guard let index = exchanges.firstIndex(where: { $0.recordIndex == record }) else { return false }
        return index >= position || skipped.contains(index)
    }

    /// The recorded client message at `record` was due and never came: it is missing, and the
    /// recording moves past it (and past any not reached before it, missing too). Empty when it
    /// was reached already (or skipped, and so reported).
    ///
    /// - Parameters:
    ///   - record: The record's position in the tape.
    ///   - connection: The connection's number, from 1, for the findings.
    /// - Returns: The `missing` findings.
    public mutating func giveUp(record: Int, connection: Int) -> [ClientFinding] {
        guard let index = exchanges.firstIndex(where: { $0.recordIndex == record }), index >= position else { return [] }
        skipped.formUnion(position...index)
        let missing = exchanges[position...index].map {
            ClientFinding.missing(connection: connection, record: $0.recordIndex, type: $0.type)
        }
        position = index + 1
        return missing
    }

    /// The recorded client message at `record` is not expected of this client: when it is the
    /// next one, the recording moves past it without a finding.
    ///
    /// - Parameter record: The record's position in the tape.
    public mutating func passOver(record: Int) {
        if position < exchanges.count, exchanges[position].recordIndex == record { position += 1 }
    }

    /// The recorded client messages not reached yet, each missing.
    ///
    /// - Parameter connection: The connection's number, from 1, for the findings.
    /// - Returns: A `missing` finding for each, in recorded order.
    public func missingMessages(connection: Int) -> [ClientFinding] {
        exchanges[position...].map { .missing(connection: connection, record: $0.recordIndex, type: $0.type) }
    }

    /// Every recorded client message of this connection, as (record, type), in order.
    public var clientMessages: [(record: Int, type: String)] { exchanges.map { ($0.recordIndex, $0.type) } }
}
