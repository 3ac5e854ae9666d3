import Foundation

/// One server message as this version of the app reads it: the envelope's `type` and its
/// `message` body as a `JSONSerialization` dictionary.
public struct ParsedMessage {
    public let type: String
    public let message: [String: Any]
}

/// The app's parsing of server messages before the refactor: `JSONSerialization` into
/// `[String: Any]`, the way `WebSocketService.receive(text:)` does it.
public enum BeforeMessageParser {
    public struct NotAnEnvelope: Error {}

    /// Parses one message (the bytes of a text frame). Throws when it is not JSON, or not an
    /// object with a string `type`; a missing or non-object `message` reads as an empty body.
    public static func parse(_ bytes: [UInt8]) throws -> ParsedMessage {
        try parse(Data(bytes))
    }

    public static func parse(_ data: Data) throws -> ParsedMessage {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let type = json["type"] as? String
        else { throw NotAnEnvelope() }
        return ParsedMessage(type: type, message: json["message"] as? [String: Any] ?? [:])
    }
}
