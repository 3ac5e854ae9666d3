import Foundation

extension FoundationBaseline {
    /// Decodes a server envelope with `decoder` the standard Codable way; true when its type is
    /// one the mirrors know. Throws what JSONDecoder throws.
    ///
    /// - Parameters:
    ///   - data: One server message, a JSON envelope.
    ///   - decoder: The decoder to use, made once by the caller so its cost stays out of the timing.
    /// - Returns: True when the message's type is one the mirrors know; false for an unknown type.
    /// - Throws: `DecodingError` for text that is not JSON or does not match the mirror of its type.
    public static func decodeServer(_ data: Data, with decoder: JSONDecoder) throws -> Bool {
        if case .unknown = try decoder.decode(ServerEnvelope.self, from: data).body { return false }
        return true
    }

    /// The same for a client envelope.
    ///
    /// - Parameters:
    ///   - data: One client message, a JSON envelope.
    ///   - decoder: The decoder to use, made once by the caller so its cost stays out of the timing.
    /// - Returns: True when the message's type is one the mirrors know; false for an unknown type.
    /// - Throws: `DecodingError` for text that is not JSON or does not match the mirror of its type.
    public static func decodeClient(_ data: Data, with decoder: JSONDecoder) throws -> Bool {
        if case .other = try decoder.decode(FoundationClientBaseline.ClientEnvelope.self, from: data).body { return false }
        return true
    }
}
