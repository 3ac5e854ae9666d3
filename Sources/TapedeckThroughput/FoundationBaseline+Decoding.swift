import Foundation

extension FoundationBaseline {
    /// Decodes a server envelope with `decoder` the standard Codable way; true when its type is
    /// one the mirrors know. Throws what JSONDecoder throws.
    public static func decodeServer(_ data: Data, with decoder: JSONDecoder) throws -> Bool {
        if case .unknown = try decoder.decode(ServerEnvelope.self, from: data).body { return false }
        return true
    }

    /// The same for a client envelope.
    public static func decodeClient(_ data: Data, with decoder: JSONDecoder) throws -> Bool {
        if case .other = try decoder.decode(FoundationClientBaseline.ClientEnvelope.self, from: data).body { return false }
        return true
    }
}
