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
    static func decode<Message: EnvelopeCodable>(_ bytes: UnsafeRawBufferPointer, as _: Message.Type) throws(ProtocolError) -> Message {
        // The usual shape, `{"type": <known>, "message": {...}, ...}`, returns the body as soon as
        // it is decoded: messages are large values and every intermediate copy shows in profiles.
        var reader = JSONReader(bytes)
        if try reader.beginObject(), try reader.readKey() == "type", reader.peek() == UInt8(ascii: "\""),
           let typeIndex = Message.knownTypeIndex(try reader.readStringValueAsKey()),
           try reader.nextMember(), try reader.readKey() == "message" {
            let message = try decodeBody(Message.self, typeIndex: typeIndex, from: &reader)
            try finish(&reader)
            return message
        }
        // Any other order or shape: read from the start again. Nothing has been decoded yet.
        return try decodeInAnyOrder(bytes, as: Message.self)
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

    static func decodeInAnyOrder<Message: EnvelopeCodable>(_ bytes: UnsafeRawBufferPointer, as _: Message.Type) throws(ProtocolError) -> Message {
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
    static func decodeBody<Message: EnvelopeCodable>(_: Message.Type, typeIndex: Int, from reader: inout JSONReader) throws(ProtocolError) -> Message {
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
