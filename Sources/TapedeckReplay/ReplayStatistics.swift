import TapedeckProtocol
import TapedeckTape

/// What a replay went through: records by kind, messages applied by direction and type, decode
/// errors (with where they happened) and markers.
public struct ReplayStatistics: Sendable, Equatable {
    /// A message that could not be decoded; it was not applied.
    public struct DecodeFailure: Sendable, Equatable, CustomStringConvertible {
        /// Where the record sits in the session: its tape, index and times.
        public var position: RecordPosition
        /// Whether the server sent the message or the client did.
        public var direction: TapeRecord.Direction
        /// Why Tapedeck's decoder rejected the message.
        public var error: ProtocolError
        /// The start of the record's payload, for the report.
        public var excerpt: String
        /// Whether the model got the message's bytes anyway (a `SocketModel` parses them itself).
        public var reachedModel = false

        /// One line for a report: position, direction, error and the payload's start.
        public var description: String {
            "\(position): \(direction.name) message does not decode: \(error) — \(excerpt)"
        }
    }

    /// How many records the replay took, of every kind (messages, connection events, markers).
    public var records = 0
    /// Records by kind (`Kind.rawValue`).
    public var kindCounts = [Int](repeating: 0, count: TapeRecord.Kind.allCases.count)
    /// Server messages applied, by envelope type.
    public var serverMessages: [String: Int] { Self.merge(ServerMessage.knownTypes, serverCounts, unknownServer) }
    /// Client messages applied, by envelope type.
    public var clientMessages: [String: Int] { Self.merge(ClientMessage.knownTypes, clientCounts, unknownClient) }
    // Counted per case index on the hot path; named only when asked.
    var serverCounts = [Int](repeating: 0, count: ServerMessage.knownTypes.count)
    var clientCounts = [Int](repeating: 0, count: ClientMessage.knownTypes.count)
    var unknownServer: [String: Int] = [:]
    var unknownClient: [String: Int] = [:]
    /// How many connection records (opens, closes, failures) the replay took.
    public var connectionEvents = 0
    /// The messages that did not decode, in the order they were read.
    public var decodeFailures: [DecodeFailure] = []
    /// The markers the replay passed, with where each sits and its name, in tape order.
    public var markers: [(position: RecordPosition, name: String)] = []

    /// Empty statistics: every count zero.
    public init() {}

    /// How many messages, server and client, known and unknown types together, were counted as applied.
    public var messagesApplied: Int {
        serverCounts.reduce(0, +) + clientCounts.reduce(0, +) + unknownServer.values.reduce(0, +)
            + unknownClient.values.reduce(0, +)
    }

    mutating func count(_ message: ServerMessage) {
        if let index = message.knownTypeIndex { serverCounts[index] += 1 } else { unknownServer[message.type, default: 0] += 1 }
    }

    mutating func count(_ message: ClientMessage) {
        if let index = message.knownTypeIndex { clientCounts[index] += 1 } else { unknownClient[message.type, default: 0] += 1 }
    }

    static func merge(_ names: [String], _ counts: [Int], _ unknown: [String: Int]) -> [String: Int] {
        var merged = unknown
        for (index, count) in counts.enumerated() where count > 0 { merged[names[index], default: 0] += count }
        return merged
    }

    /// How many records of one kind the replay took.
    ///
    /// - Parameter kind: The record kind to count.
    /// - Returns: The number of records of `kind`; 0 when there were none.
    public func count(_ kind: TapeRecord.Kind) -> Int { kindCounts[Int(kind.rawValue)] }

    /// Equal when both counted the same records, messages, decode failures and markers (position
    /// and name).
    public static func == (lhs: ReplayStatistics, rhs: ReplayStatistics) -> Bool {
        lhs.records == rhs.records && lhs.kindCounts == rhs.kindCounts && lhs.serverMessages == rhs.serverMessages
            && lhs.clientMessages == rhs.clientMessages && lhs.connectionEvents == rhs.connectionEvents
            && lhs.decodeFailures == rhs.decodeFailures
            && lhs.markers.map(\.position) == rhs.markers.map(\.position) && lhs.markers.map(\.name) == rhs.markers.map(\.name)
    }
}
