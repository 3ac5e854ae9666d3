extension ServerMessage {
    /// Decodes one envelope. Throws `ProtocolError` (byte offset, field path, what was expected)
    /// for malformed JSON, a missing required field or a field of the wrong type; an unknown
    /// `type` is not an error but `.unknown` with the envelope's bytes.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(ProtocolError) -> ServerMessage {
        try Envelope.decode(bytes, as: ServerMessage.self)
    }

    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> ServerMessage {
        // `withUnsafeBytes` rethrows untyped errors; only ProtocolError can come out of `decode`.
        do {
            return try bytes.withUnsafeBytes { raw in try decode(raw) }
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(offset: 0, expected: "a ProtocolError", found: "\(error)")
        }
    }

    /// Compact JSON with keys in the order of docs/PROTOCOL.md and absent optionals left out;
    /// `.unknown` gives back exactly the bytes it was decoded from.
    public func encoded() -> [UInt8] {
        Envelope.encode(self)
    }
}
