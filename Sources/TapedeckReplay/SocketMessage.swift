import Foundation
import TapedeckCore

/// One WebSocket message exactly as it crossed the client's socket: the frame payload's bytes,
/// whether it was a text or a binary message. A model that parses messages itself (the app's own
/// `JSONSerialization` or `Codable` code) gets these bytes, not Tapedeck's reading of them.
public struct SocketMessage: Sendable, Equatable {
    /// A text message (opcode 1) or a binary one (opcode 2).
    public var isText: Bool
    /// The payload, byte for byte as recorded.
    public var bytes: [UInt8]

    /// A message.
    ///
    /// - Parameters:
    ///   - isText: True for a text message, false for a binary one.
    ///   - bytes: The payload, byte for byte.
    public init(isText: Bool, bytes: [UInt8]) {
        self.isText = isText
        self.bytes = bytes
    }

    /// The text as a socket API hands a text message over (`URLSessionWebSocketTask.Message.string`);
    /// nil for a binary message or bytes that are not UTF-8, which such an API would not deliver.
    public var text: String? {
        // String(decoding:) would repair bad sequences, and a repaired string no longer has these
        // bytes: validate first (the word-at-a-time validator, not a byte-by-byte comparison).
        guard isText, UTF8Validation.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The payload as `Data` (`URLSessionWebSocketTask.Message.data`, or the text's UTF-8).
    public var data: Data { Data(bytes) }
}
