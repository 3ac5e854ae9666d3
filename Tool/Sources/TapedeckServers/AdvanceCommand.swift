import TapedeckCore
import TapedeckProtocol
import TapedeckWebSocket

/// The reference server's control message for the virtual clock:
/// `{"type":"advance","message":{"seconds":N}}`, N whole seconds from 1 to `maxSeconds`.
package struct AdvanceCommand: Sendable, Equatable {
    package static let type = "advance"
    package static let maxSeconds = 3600

    package var seconds: Int

    package init(seconds: Int) { self.seconds = seconds }

    /// Reads the command from the raw envelope; the error text says what is wrong.
    package static func parse(_ envelope: [UInt8]) -> Result<AdvanceCommand, AdvanceCommandError> {
        guard case .object(let fields) = try? JSONValue.parse(envelope),
            case .object(let body)? = fields["message"]
        else {
            return .failure(AdvanceCommandError(text: "advance: field message must be an object with \"seconds\""))
        }
        guard case .int(let seconds)? = body["seconds"] else {
            return .failure(AdvanceCommandError(text: "advance: field message.seconds must be an integer"))
        }
        guard (1...maxSeconds).contains(seconds) else {
            return .failure(
                AdvanceCommandError(
                    text: "advance: message.seconds is \(seconds), it must be between 1 and \(maxSeconds)"))
        }
        return .success(AdvanceCommand(seconds: seconds))
    }

    package func encoded() -> [UInt8] {
        Array(#"{"type":"advance","message":{"seconds":\#(seconds)}}"#.utf8)
    }
}

package struct AdvanceCommandError: Error, Sendable, Equatable {
    package var text: String
}
