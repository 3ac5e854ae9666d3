import Foundation

/// Every frame, both ways: `{"type": "...", "message": {...}}`.
public struct Envelope<Message: Codable & Sendable>: Codable, Sendable {
    public var type: String
    public var message: Message

    public init(type: String, message: Message) {
        self.type = type
        self.message = message
    }
}

/// Just the `type`, read first to route a frame.
struct EnvelopeHeader: Decodable {
    var type: String
}

/// Decoding of frames, shared by the service and the view models' handlers.
public enum MessageCoding {
    /// The `type` of a frame.
    public static func type(of data: Data) throws -> String {
        try JSONDecoder().decode(EnvelopeHeader.self, from: data).type
    }

    /// The frame's `message`, decoded as `T`.
    public static func payload<T: Codable & Sendable>(_: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(Envelope<T>.self, from: data).message
    }

    public static func encode<T: Codable & Sendable>(type: String, message: T) throws -> String {
        String(decoding: try JSONEncoder().encode(Envelope(type: type, message: message)), as: UTF8.self)
    }
}
