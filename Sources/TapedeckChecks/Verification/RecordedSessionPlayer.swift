import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Plays the server's side of a recorded session: given what a client sends, the server messages
/// the tape recorded in answer. Pure (no clock, no I/O), so the offline `TapeServedTransport` and
/// a network `tapedeck serve` can both drive it.
///
/// The tape is cut at its client text messages. The server messages recorded before the first
/// client message are the greeting, delivered on connect. A sent message that matches the next
/// recorded client message (same `type`, and equal values of the match fields inside `message`)
/// gets the server messages recorded after that client message, up to the next one, each with
/// its recorded delay. A sent message that does not match gets nothing and the tape stays where
/// it is, so a later send may still match.
///
/// A connection of a session tape may end without a close frame: its first `error` note after the
/// `open` is a drop, delivered in its place like a close (`Reply.Event.drop`), unless the note says
/// the client ended it (`TapeRecord.endedBy`). An `error` note with no `open` before it is a
/// refused upgrade: the connection never opened (`refusal`, with the status the note types). A server
/// close recorded after the client's own close is only its answer, and is not played.
///
/// Client messages of `ClientMessageComparison.controlTypes` are not cut points: a tape recorded through the proxy against
/// a `--clock virtual` reference server holds the `advance` messages the live transport sent to
/// move the server's clock, which a scenario never sends itself. What they produced (the ticks'
/// messages) stays in the answer to the client message before them, with its recorded delay.
public struct RecordedSessionPlayer: Sendable {
    /// A server event and how long after its trigger (the connect or the matched client message)
    /// the tape recorded it.
    public struct Reply: Sendable, Equatable {
        /// What the server does.
        public enum Event: Sendable, Equatable {
            /// It sends this text message (the recorded bytes).
            case message([UInt8])
            /// It closes the connection with this code and reason.
            case close(code: UInt16, reason: String)
            /// The connection ended without a close frame (the recorded note says how).
            case drop(reason: String)
        }
        /// Nanoseconds after the trigger.
        public var delay: UInt64
        /// What the server does then.
        public var event: Event
        /// A reply.
        ///
        /// - Parameters:
        ///   - delay: Nanoseconds after the trigger.
        ///   - event: What the server does then.
        public init(delay: UInt64, event: Event) {
            self.delay = delay
            self.event = event
        }
    }

    /// What `answer(_:)` found for a client message.
    public enum Answer: Sendable, Equatable {
        /// It was the message recorded next: these are the server's replies.
        case matched([Reply])
        /// It was not: why, for the report.
        case unmatched(UnmatchedSend)
    }

    struct Exchange: Sendable {
        var recordIndex: Int
        var bytes: [UInt8]
        var type: String
        var body: JSONValue
        var replies: [Reply]
    }

    /// Body fields compared besides the type (paths inside `message`, e.g. `eventId`).
    public let matchFields: [String]
    let greeting: [Reply]
    let exchanges: [Exchange]
    /// Set when the recorded connection never opened: its upgrade was refused.
    public let refusal: RecordedRefusal?
    /// Index of the next recorded client message to match.
    public internal(set) var position = 0
    var sendCount = 0
    /// Recorded client messages (indices into `exchanges`) passed over as missing.
    var skipped: Set<Int> = []

    /// Recorded client messages not matched yet.
    public var remainingClientMessages: Int { exchanges.count - position }

    /// The player of one recorded connection: `connection` (a record's connection number), by
    /// default the first one the tape mentions.
    ///
    /// - Parameters:
    ///   - records: The tape's records.
    ///   - matchFields: Body fields compared besides the type.
    ///   - connection: The connection to play; nil for the first the tape mentions.
    ///   - comparison: Which client messages are cut points.
    public init(
        records: [TapeRecord], matchFields: [String] = [], connection: UInt32? = nil,
        judging comparison: ClientMessageComparison = .exact
    ) {
        let connection = connection ?? records.first?.connection
        let own = records.indices.filter { records[$0].connection == connection }
        self.init(records: records, indices: own, matchFields: matchFields, judging: comparison)
    }

    /// A player for each connection the tape recorded, in the order each first appears
    /// (`connections(in:)`), from one pass over the records: building each with
    /// `init(records:connection:)` reads the whole tape once per connection, quadratic in a
    /// session tape of thousands of reconnects (issue 51).
    ///
    /// - Parameters:
    ///   - records: The tape's records.
    ///   - matchFields: Body fields compared besides the type.
    ///   - comparison: Which client messages are cut points.
    /// - Returns: One player per connection; none for a tape without records.
    public static func players(
        records: [TapeRecord], matchFields: [String] = [], judging comparison: ClientMessageComparison = .exact
    ) -> [RecordedSessionPlayer] {
        var order: [UInt32] = []
        var indices: [UInt32: [Int]] = [:]
        for (index, record) in records.enumerated() {
            if indices[record.connection] == nil { order.append(record.connection) }
            indices[record.connection, default: []].append(index)
        }
        return order.map {
            RecordedSessionPlayer(records: records, indices: indices[$0] ?? [], matchFields: matchFields, judging: comparison)
        }
    }

    /// The player of the connection whose records are `records[indices]`, in order.
    private init(records: [TapeRecord], indices: [Int], matchFields: [String], judging comparison: ClientMessageComparison) {
        self.matchFields = matchFields
        var greeting: [Reply] = []
        var exchanges: [Exchange] = []
        var refusal: RecordedRefusal?
        var triggerTime = indices.first(where: { records[$0].kind == .open }).map { records[$0].time } ?? 0
        var opened = false
        // A close either way or an earlier note already ended the connection: later notes are its aftermath.
        var ended = false
        // A server event belongs to the greeting until the first client message, then to the latest one.
        func append(_ reply: Reply) {
            if exchanges.isEmpty { greeting.append(reply) } else { exchanges[exchanges.count - 1].replies.append(reply) }
        }
        for index in indices {
            let record = records[index]
            let delay = record.time >= triggerTime ? record.time - triggerTime : 0
            switch (record.direction, record.kind) {
            case (_, .open):
                opened = true
            case (_, .error) where !ended:
                ended = true
                let reason = String(decoding: record.payload, as: UTF8.self)
                if !opened {
                    refusal = RecordedRefusal(note: record)
                } else if Self.endedBy(record) != .client {
                    append(Reply(delay: delay, event: .drop(reason: reason)))
                }
            case (.c2s, .close):
                ended = true
            case (.c2s, .text):
                let (type, body) = Self.typeAndBody(record.payload)
                if !comparison.judges(type) { continue }
                exchanges.append(Exchange(recordIndex: index, bytes: record.payload, type: type, body: body, replies: []))
                triggerTime = record.time
            case (.s2c, .close) where ended:
                // The server's answer to the client's close (or the aftermath of a drop): not its own doing.
                continue
            case (.s2c, .text), (.s2c, .close):
                if record.kind == .close { ended = true }
                let event: Reply.Event =
                    record.kind == .text
                    ? .message(record.payload)
                    : .close(code: record.closeCode ?? 1000, reason: String(decoding: record.payload, as: UTF8.self))
                append(Reply(delay: delay, event: event))
            default:
                break
            }
        }
        self.greeting = greeting
        self.exchanges = exchanges
        self.refusal = refusal
    }

    /// Who ended the connection of an end note: the app's own going away is no drop of the
    /// server's, so a served tape has nothing to play there. Tapes before 1.2 only say it in words.
    static func endedBy(_ note: TapeRecord) -> TapeRecord.Party {
        note.endedBy ?? LegacyNote.endedBy(String(decoding: note.payload, as: UTF8.self))
    }

    /// The connections a tape recorded, in the order each first appears.
    ///
    /// - Parameter records: The tape's records.
    /// - Returns: Each connection number once.
    public static func connections(in records: [TapeRecord]) -> [UInt32] {
        var seen: Set<UInt32> = []
        return records.compactMap { seen.insert($0.connection).inserted ? $0.connection : nil }
    }

    /// What the server sends when the client connects; the connection starts over, forgetting what
    /// was matched.
    ///
    /// - Returns: The greeting: the replies recorded before the first client message.
    public mutating func open() -> [Reply] {
        position = 0
        sendCount = 0
        skipped = []
        return greeting
    }

    /// The recorded answer to a client message, or why there is none.
    ///
    /// Unlike `verify`, a message that does not match is only reported, never searched for later.
    ///
    /// - Parameter clientBytes: The message's UTF-8 text.
    /// - Returns: The replies when it matches the next recorded client message, else why not.
    public mutating func answer(_ clientBytes: [UInt8]) -> Answer {
        defer { sendCount += 1 }
        let (type, body) = Self.typeAndBody(clientBytes)
        guard position < exchanges.count else {
            return .unmatched(UnmatchedSend(sendIndex: sendCount, type: type, expectedType: nil))
        }
        let next = exchanges[position]
        guard next.type == type else {
            return .unmatched(
                UnmatchedSend(sendIndex: sendCount, type: type, expectedType: next.type, recordIndex: next.recordIndex))
        }
        for field in matchFields {
            let sent = body.value(at: field) ?? .null
            let recorded = next.body.value(at: field) ?? .null
            if sent != recorded {
                let difference =
                    "\(field): sent \(sent.canonicalJSONString(pretty: false)), recorded \(recorded.canonicalJSONString(pretty: false))"
                return .unmatched(
                    UnmatchedSend(
                        sendIndex: sendCount, type: type, expectedType: next.type,
                        difference: difference, recordIndex: next.recordIndex))
            }
        }
        position += 1
        return .matched(next.replies)
    }

    /// The envelope's type ("" when it has none) and body (null when absent or unparsable).
    ///
    /// - Parameter bytes: A message's UTF-8 text.
    /// - Returns: Its `type` and its `message` member.
    public static func typeAndBody(_ bytes: [UInt8]) -> (String, JSONValue) {
        guard let value = try? JSONValue.parse(bytes), case .object(let members) = value else { return ("", .null) }
        let type: String
        if case .string(let text)? = members["type"] { type = text } else { type = "" }
        return (type, members["message"] ?? .null)
    }
}
