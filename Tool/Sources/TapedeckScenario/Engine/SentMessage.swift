import TapedeckCore
import TapedeckProtocol

/// Turns a `send` statement's type and body into the typed client message the protocol decoder
/// accepts, so that what is sent is always a valid message in its canonical encoding.
enum SentMessage {
    static func envelope(type: String, body: JSONValue) -> [UInt8] {
        JSONValue.object(["type": .string(type), "message": body]).canonicalJSON(pretty: false)
    }

    static func message(type: String, body: JSONValue) -> Result<ClientMessage, ProtocolError> {
        let bytes = envelope(type: type, body: body)
        return Result { () throws(ProtocolError) in try ClientMessage.decode(bytes) }
    }

    /// Why the body is not a valid message of that type, or nil.
    static func problem(type: String, body: JSONValue) -> String? {
        guard case .object = body else { return "the body must be a JSON object" }
        switch message(type: type, body: body) {
        case .success: return nil
        case .failure(let error):
            let path = error.pathDescription
            return "\(path.isEmpty ? "" : path + ": ")expected \(error.expected), found \(error.found)"
        }
    }
}
