import TapedeckProtocol
import TapedeckReplay

extension RecordedSessionPlayer {
    /// What one client message did to a verified session: the recorded answers to send, and the
    /// departures it showed.
    public struct Verification: Sendable, Equatable {
        public var replies: [Reply]
        public var findings: [ServeFinding]
    }

    /// Judges `clientBytes` against the recording, in order. A message of the type recorded next
    /// is that message: it gets its answers, and any value it changed (outside `ignoring`) is a
    /// finding (`filter` leaves out what may differ). Otherwise, a message equal to a later recorded one (the same type and values)
    /// means the ones between were skipped: they are missing, and it gets its answers. Anything
    /// else is unexpected and gets no answer; the recording stays where it is. The reference
    /// server's clock messages (`controlTypes`) are neither expected nor judged.
    public mutating func verify(
        _ clientBytes: [UInt8], connection: Int, ignoring filter: SnapshotFilter
    ) -> Verification {
        let (type, body) = Self.typeAndBody(clientBytes)
        if Self.controlTypes.contains(type) { return Verification(replies: [], findings: []) }
        sendCount += 1
        let sent = filter.apply(body)
        if position < exchanges.count, exchanges[position].type == type {
            let next = exchanges[position]
            position += 1
            let recorded = filter.apply(next.body)
            guard let diff = SnapshotDiff(expected: recorded, actual: sent) else {
                return Verification(replies: next.replies, findings: [])
            }
            let finding = ServeFinding.changed(
                connection: connection, record: next.recordIndex, send: sendCount, type: type, diff: diff.lines)
            return Verification(replies: next.replies, findings: [finding])
        }
        if let later = exchanges[min(position + 1, exchanges.count)...].firstIndex(where: {
            $0.type == type && filter.apply($0.body) == sent
        }) {
            let skipped = exchanges[position..<later].map {
                ServeFinding.missing(connection: connection, record: $0.recordIndex, type: $0.type)
            }
            position = later + 1
            return Verification(replies: exchanges[later].replies, findings: skipped)
        }
        let expected = position < exchanges.count ? (exchanges[position].type, exchanges[position].recordIndex) : nil
        let finding = ServeFinding.unexpected(connection: connection, send: sendCount, type: type, expected: expected)
        return Verification(replies: [], findings: [finding])
    }

    /// A binary frame from the client: always a departure.
    public mutating func verifyBinary(connection: Int) -> ServeFinding {
        sendCount += 1
        return .binary(connection: connection, send: sendCount)
    }

    /// The recorded client messages not reached yet, each missing.
    public func missingMessages(connection: Int) -> [ServeFinding] {
        exchanges[position...].map { .missing(connection: connection, record: $0.recordIndex, type: $0.type) }
    }

    /// Every recorded client message of this connection, as (record, type), in order.
    public var clientMessages: [(record: Int, type: String)] { exchanges.map { ($0.recordIndex, $0.type) } }
}
