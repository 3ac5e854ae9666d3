extension ServerMessage {
    /// Decodes one envelope. Throws `ProtocolError` (byte offset, field path, what was expected)
    /// for malformed JSON, a missing required field or a field of the wrong type; an unknown
    /// `type` is not an error but `.unknown` with the envelope's bytes.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(ProtocolError) -> ServerMessage {
        try Envelope.decode(bytes, as: ServerMessage.self)
    }

    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> ServerMessage {
        try bytes.withUnsafeBytes { raw in Result { () throws(ProtocolError) in try decode(raw) } }.get()
    }

    /// Compact JSON with keys in the order of docs/PROTOCOL.md and absent optionals left out;
    /// `.unknown` gives back exactly the bytes it was decoded from.
    public func encoded() -> [UInt8] {
        Envelope.encode(self)
    }
}
