import TapedeckChecks
import TapedeckReplay

/// The connection a scenario runs over. Implementations: `TapeServedTransport` (a recorded
/// session served back), `RecordingTransport`
/// (writes a tape of another transport's session); at the network edge (TapedeckScenarioNetwork)
/// `LiveWebSocketTransport` (real time) and `VirtualTimeServerTransport` (a virtual-clock server
/// driven by `advance`) adapt a WebSocket client; the tests' `InProcessTransport` runs a scripted
/// server in the same process.
///
/// Transports are used from one task at a time.
package protocol ScenarioTransport: AnyObject {
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
    /// `backoff`: lets real time pass where a real network is listening (a recording proxy stamps
    /// real times); transports of virtual time only do nothing.
    func letRealTimePass(nanoseconds: UInt64) async
    /// Sends the transport could not answer (a served tape whose next recorded client message
    /// differs), in the order they happened.
    var unmatchedSends: [UnmatchedSend] { get }
}

extension ScenarioTransport {
    package func mark(_ name: String) async {}
    package func letRealTimePass(nanoseconds: UInt64) async {}
    package var unmatchedSends: [UnmatchedSend] { [] }
}

/// What `receive` gives back.
package enum TransportEvent: Sendable, Equatable {
    case message([UInt8])
    /// The server closed the connection (or it broke: code 1006).
    case closed(code: UInt16, reason: String)
    /// Nothing arrived in time.
    case timeout
}

package struct ScenarioTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
