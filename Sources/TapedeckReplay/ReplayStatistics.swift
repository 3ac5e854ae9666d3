import TapedeckProtocol
import TapedeckTape

/// What a replay went through: records by kind, messages applied by direction and type, decode
/// errors (with where they happened) and markers.
public struct ReplayStatistics: Sendable, Equatable {
    /// A message that could not be decoded; it was not applied.
    public struct DecodeFailure: Sendable, Equatable, CustomStringConvertible {
        public var position: RecordPosition
        public var direction: TapeRecord.Direction
        public var error: ProtocolError
        /// The start of the record's payload, for the report.
        public var excerpt: String

        public var description: String {
            "\(position): \(direction.name) message does not decode: \(error) — \(excerpt)"
        }
    }

    public var records = 0
    /// Records by kind (`Kind.rawValue`).
    public var kindCounts = [Int](repeating: 0, count: TapeRecord.Kind.allCases.count)
    public var serverMessages: [String: Int] = [:]
    public var clientMessages: [String: Int] = [:]
    public var connectionEvents = 0
    public var decodeFailures: [DecodeFailure] = []
    public var markers: [(position: RecordPosition, name: String)] = []

    public init() {}

    public var messagesApplied: Int {
        serverMessages.values.reduce(0, +) + clientMessages.values.reduce(0, +)
    }

    public func count(_ kind: TapeRecord.Kind) -> Int { kindCounts[Int(kind.rawValue)] }

    public static func == (lhs: ReplayStatistics, rhs: ReplayStatistics) -> Bool {
        lhs.records == rhs.records && lhs.kindCounts == rhs.kindCounts && lhs.serverMessages == rhs.serverMessages
            && lhs.clientMessages == rhs.clientMessages && lhs.connectionEvents == rhs.connectionEvents
            && lhs.decodeFailures == rhs.decodeFailures
            && lhs.markers.map(\.position) == rhs.markers.map(\.position) && lhs.markers.map(\.name) == rhs.markers.map(\.name)
    }
}
