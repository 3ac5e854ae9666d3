import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// A server message as the runner received it.
package struct ReceivedMessage: Sendable, Equatable {
    /// 0-based, in order of arrival.
    package var sequence: Int
    package var time: VirtualTime
    /// The envelope's `type` ("" when the bytes are not an envelope).
    package var type: String
    package var bytes: [UInt8]
    /// The envelope's `message` (null when absent or unreadable): what `where` paths look into.
    package var body: JSONValue
    /// Why the typed decoder refused it (then the client state did not see it).
    package var decodeError: String?

    /// `claimResult at 1200 ms`.
    var label: String { "\(type.isEmpty ? "(not an envelope)" : type) at \(ScenarioReport.milliseconds(time.nanoseconds))" }
}
