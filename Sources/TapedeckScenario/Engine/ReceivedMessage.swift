import TapedeckProtocol
import TapedeckState

/// A server message as the runner received it.
public struct ReceivedMessage: Sendable, Equatable {
    /// 0-based, in order of arrival.
    public var sequence: Int
    public var time: VirtualTime
    /// The envelope's `type` ("" when the bytes are not an envelope).
    public var type: String
    public var bytes: [UInt8]
    /// The envelope's `message` (null when absent or unreadable): what `where` paths look into.
    public var body: JSONValue
    /// Why the typed decoder refused it (then the client state did not see it).
    public var decodeError: String?

    /// `claimResult at 1200 ms`.
    var label: String { "\(type.isEmpty ? "(not an envelope)" : type) at \(ScenarioReport.milliseconds(time.nanoseconds))" }
}
