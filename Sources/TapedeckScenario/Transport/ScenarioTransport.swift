/// The connection a scenario runs over. Implementations: `InProcessTransport` (a server in the
/// same process), `TapeServedTransport` (a recorded session served back), `RecordingTransport`
/// (writes a tape of another transport's session); at the network edge (TapedeckScenarioNetwork)
/// `LiveWebSocketTransport` (real time) and `VirtualTimeServerTransport` (a virtual-clock server
/// driven by `advance`) adapt a WebSocket client.
///
/// Transports are used from one task at a time.
public protocol ScenarioTransport: AnyObject {
    /// Opens the connection. Throws `ScenarioTransportError` when it cannot be made.
    func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws
    /// Sends one text message (a client envelope).
    func send(_ bytes: [UInt8]) async throws
    /// The next server message, waiting at most `timeout` nanoseconds of the scenario clock.
    func receive(timeout: UInt64) async throws -> TransportEvent
    /// Closes the connection with a close code.
    func close(code: UInt16) async
    /// A named point in the session (checkpoints and `mark`); transports that record write it.
    func mark(_ name: String) async
    /// Sends the transport could not answer (a served tape whose next recorded client message
    /// differs), in the order they happened.
    var unmatchedSends: [UnmatchedSend] { get }
}

extension ScenarioTransport {
    public func mark(_ name: String) async {}
    public var unmatchedSends: [UnmatchedSend] { [] }
}

/// What `receive` gives back.
public enum TransportEvent: Sendable, Equatable {
    case message([UInt8])
    /// The server closed the connection (or it broke: code 1006).
    case closed(code: UInt16, reason: String)
    /// Nothing arrived in time.
    case timeout
}

public struct ScenarioTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A client message the served session had no answer for.
public struct UnmatchedSend: Sendable, Equatable, CustomStringConvertible {
    /// 0-based count of client messages sent before this one.
    public var sendIndex: Int
    public var type: String
    /// The type of the next client message recorded on the tape, nil when the tape has no more.
    public var expectedType: String?
    /// Which match field differed, when the types agree: `eventId: "e1" ≠ "e2"`.
    public var difference: String?
    /// The tape record index of the recorded client message it was compared with.
    public var recordIndex: Int?

    public init(sendIndex: Int, type: String, expectedType: String?, difference: String? = nil, recordIndex: Int? = nil) {
        self.sendIndex = sendIndex; self.type = type; self.expectedType = expectedType
        self.difference = difference; self.recordIndex = recordIndex
    }

    public var description: String {
        guard let expectedType else { return "unmatched send #\(sendIndex + 1) \(type): the tape has no more client messages" }
        let record = recordIndex.map { " (tape record \($0))" } ?? ""
        if let difference {
            return "unmatched send #\(sendIndex + 1) \(type): \(difference) against the tape's next \(expectedType)\(record)"
        }
        return "unmatched send #\(sendIndex + 1) \(type): the tape's next client message is \(expectedType)\(record)"
    }
}
