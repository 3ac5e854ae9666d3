/// What a message enum (`ServerMessage`, `ClientMessage`) provides so `Envelope` can read and
/// write `{"type": "...", "message": {...}}` for it.
protocol EnvelopeCodable {
    /// The position of `type` in `knownTypes`, or nil for a type this version does not know.
    static func knownTypeIndex(_ type: JSONKey) -> Int?
    /// Decodes the `message` value for the known type at `typeIndex`.
    static func decodeBody(typeIndex: Int, from reader: inout JSONReader) throws(ProtocolError) -> Self
    /// The message for a known type whose body is empty, so `message` may be left out.
    static func bodyless(typeIndex: Int) -> Self?
    /// Satisfied by the enum's own `unknown(type:raw:)` case.
    static func unknown(type: String, raw: [UInt8]) -> Self
    func encodeEnvelope(to writer: inout JSONWriter)
}

/// Reads the envelope object. `type` usually comes first; then `message` is decoded in place.
/// When `message` comes first, its syntax is checked and its offset remembered, and it is
/// decoded once `type` is known, so no value is decoded twice. Other envelope fields are
/// skipped. A type the enum does not know keeps the whole envelope's bytes.
enum Envelope {
    static func decode<Message: EnvelopeCodable>(_ bytes: UnsafeRawBufferPointer, as _: Message.Type) throws(ProtocolError)
        -> Message
    {
        // The usual shape, `{"type":"<known>","message":{...}}` as the server and the app write it,
        // returns the body as soon as it is decoded: messages are large values and every
        // intermediate copy shows in profiles.
        var reader = JSONReader(bytes)
        if let typeIndex = try reader.readCompactEnvelopeStart(Message.self) {
            let message = try decodeBody(Message.self, typeIndex: typeIndex, from: &reader)
            if reader.pos + 1 == reader.end, reader.byte(at: reader.pos) == UInt8(ascii: "}") { return message }
            try finish(&reader)
            return message
        }
        // Any other order, spacing or shape: the general reader, from the start. Nothing has been
        // decoded yet.
        return try decodeInAnyOrder(bytes, as: Message.self)
    }

    /// `decode` of an array's bytes. `withUnsafeBufferPointer` passes the typed error through, so
    /// the message is returned in place: a `Result` around it (`withUnsafeBytes` rethrows untyped
    /// errors) was copied three times with `memcpy`, about 90 instructions a message (issue 33).
    static func decode<Message: EnvelopeCodable>(_ bytes: [UInt8], as _: Message.Type) throws(ProtocolError) -> Message {
        try bytes.withUnsafeBufferPointer { buffer throws(ProtocolError) in
            try decode(UnsafeRawBufferPointer(buffer), as: Message.self)
        }
    }

    /// After `type` and `message`: skips the remaining envelope fields and checks the end.
    static func finish(_ reader: inout JSONReader) throws(ProtocolError) {
        while try reader.nextMember() {
            let key = try reader.readKey()
            if key == "type" || key == "message" {
                throw ProtocolError(offset: key.offset, expected: "a single '\(key.string)' field", found: "a second one")
            }
            try reader.skipValue()
        }
        try reader.expectEnd()
    }

    static func decodeInAnyOrder<Message: EnvelopeCodable>(_ bytes: UnsafeRawBufferPointer, as _: Message.Type)
        throws(ProtocolError) -> Message
    {
        var reader = JSONReader(bytes)
        var typeIndex: Int? = nil
        var unknownType: String? = nil
        var message: Message? = nil
        var deferredMessageOffset: Int? = nil
        var messageSeen = false
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                switch key.dispatchCount {
                case 4 where key == "type":
                    guard typeIndex == nil && unknownType == nil else {
                        throw ProtocolError(offset: key.offset, expected: "a single 'type' field", found: "a second one")
                    }
                    reader.skipWhitespace()
                    guard reader.byte(at: reader.pos) == UInt8(ascii: "\"") else {
                        throw reader.failure(expected: "string").inside(.field("type"))
                    }
                    let type = try reader.readStringValueAsKey()
                    typeIndex = Message.knownTypeIndex(type)
                    if typeIndex == nil { unknownType = type.string }
                case 7 where key == "message":
                    guard !messageSeen else {
                        throw ProtocolError(offset: key.offset, expected: "a single 'message' field", found: "a second one")
                    }
                    messageSeen = true
                    if let typeIndex {
                        message = try decodeBody(Message.self, typeIndex: typeIndex, from: &reader)
                    } else {
                        reader.skipWhitespace()
                        deferredMessageOffset = reader.pos
                        try reader.skipValue()
                    }
                default:
                    try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        let closingBrace = reader.pos - 1
        try reader.expectEnd()
        if let unknownType {
            return Message.unknown(type: unknownType, raw: Array(bytes))
        }
        guard let typeIndex else {
            throw ProtocolError(offset: closingBrace, expected: "field 'type'", found: "end of object")
        }
        if let message { return message }
        if let deferredMessageOffset {
            var bodyReader = reader
            bodyReader.pos = deferredMessageOffset
            return try decodeBody(Message.self, typeIndex: typeIndex, from: &bodyReader)
        }
        guard let bodyless = Message.bodyless(typeIndex: typeIndex) else {
            throw ProtocolError(offset: closingBrace, expected: "field 'message'", found: "end of object")
        }
        return bodyless
    }

    @inline(__always)
    static func decodeBody<Message: EnvelopeCodable>(_: Message.Type, typeIndex: Int, from reader: inout JSONReader)
        throws(ProtocolError) -> Message
    {
        do {
            return try Message.decodeBody(typeIndex: typeIndex, from: &reader)
        } catch {
            throw error.inside(.field("message"))
        }
    }

    static func encode<Message: EnvelopeCodable>(_ message: Message) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        message.encodeEnvelope(to: &writer)
        return writer.bytes
    }
}

extension JSONReader {
    /// The usual start of an envelope as the server and the app write it, `{"type":"<known>","message":`
    /// with no whitespace, checked with word compares: the known type's index, with `pos` at the
    /// body. Nil, with `pos` back at 0, for anything else.
    @inline(__always)
    mutating func readCompactEnvelopeStart<Message: EnvelopeCodable>(_: Message.Type) throws(ProtocolError) -> Int? {
        // `{"type":"` is 9 bytes and `","message":` 12, so a shorter input is not one.
        guard end >= 24, word(at: 0) == Self.typePrefix,
            base.load(fromByteOffset: 8, as: UInt8.self) == UInt8(ascii: "\"")
        else { return nil }
        let type: JSONKey
        if let count = shortPlainLength(quote: 8) {
            type = JSONKey(start: base + 9, count: count, offset: 8, hasEscapes: false)
            pos = 10 + count
        } else {
            pos = 8
            type = try readStringValueAsKey()
        }
        guard let typeIndex = Message.knownTypeIndex(type), pos + 11 <= end,
            word(at: pos) == Self.messagePrefix, word32(at: pos + 7) == Self.messageSuffix
        else {
            pos = 0
            return nil
        }
        pos += 11
        return typeIndex
    }

    /// The bytes `{"type":`, `,"messag` and `ge":` as little-endian words (`EnvelopeTests` checks them).
    static let typePrefix: UInt64 = 0x3A22_6570_7974_227B
    static let messagePrefix: UInt64 = 0x6761_7373_656D_222C
    static let messageSuffix: UInt32 = 0x3A22_6567

    /// The `message` of a type without fields: `{}` (members are ignored like unknown fields) or null.
    mutating func skipEmptyBody() throws(ProtocolError) {
        if try consumeNull() { return }
        guard peek() == UInt8(ascii: "{") else { throw failure(expected: "object") }
        try skipValue()
    }
}

extension JSONWriter {
    /// Writes `{"type":<quotedType>,"message":`; the caller writes the body and closes the object.
    @inline(__always)
    mutating func beginEnvelope(type quotedType: StaticString) {
        beginObject()
        key("\"type\":")
        appendLiteral(quotedType)
        key(",\"message\":")
    }
}
