/// Checks one recorded envelope against a `WireSchema` and lists every departure, where the typed
/// decoder would stop at the first error or accept drift silently (unknown fields, unknown enum
/// values). It reads the bytes with the decoder's own `JSONReader`, so offsets are the same.
// SPI, as its report types and the schema: `tapedeck conform` imports it; an app's tests never see it.
@_spi(TapedeckTool) public struct ConformanceChecker: Sendable {
    public let schema: WireSchema

    public init(schema: WireSchema = .baoLife) { self.schema = schema }

    /// The envelope's `type` (nil when there is none) and its departures.
    public func check(_ bytes: UnsafeRawBufferPointer, server: Bool) -> (type: String?, departures: [Departure]) {
        var walk = Walk(schema: schema, reader: JSONReader(bytes))
        let type: String?
        do {
            type = try walk.envelope(known: server ? schema.server : schema.client)
        } catch {
            walk.departures.append(
                Departure(
                    kind: .malformed, path: error.pathDescription, offset: error.offset,
                    detail: "expected \(error.expected), found \(error.found)"))
            return (walk.type, walk.departures)
        }
        return (type, walk.departures)
    }

    public func check(_ bytes: [UInt8], server: Bool) -> (type: String?, departures: [Departure]) {
        bytes.withUnsafeBytes { check($0, server: server) }
    }
}

/// One pass over one envelope.
private struct Walk {
    let schema: WireSchema
    var reader: JSONReader
    var departures: [Departure] = []
    var type: String? = nil

    mutating func envelope(known: [String: String?]) throws(ProtocolError) -> String? {
        var bodyOffset: Int? = nil
        var typeOffset = 0
        let start = reader.pos
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                if key == "type" {
                    reader.skipWhitespace()
                    guard reader.peek() == UInt8(ascii: "\"") else {
                        throw reader.failure(expected: "string").inside(.field("type"))
                    }
                    typeOffset = reader.pos
                    type = try reader.readString()
                } else {
                    if key == "message" {
                        reader.skipWhitespace()
                        bodyOffset = reader.pos
                    }
                    try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        try reader.expectEnd()
        guard let type else { throw ProtocolError(offset: start, expected: "field 'type'", found: "none") }
        guard let entry = known[type] else {
            departures.append(Departure(kind: .unknownType, path: "type", offset: typeOffset, detail: type))
            return type
        }
        guard let body = entry, let bodyOffset else { return type }
        reader.pos = bodyOffset
        try value(.object(body), required: true, path: "message")
        return type
    }

    mutating func value(_ type: WireSchema.ValueType, required: Bool, path: String) throws(ProtocolError) {
        reader.skipWhitespace()
        let offset = reader.pos
        if reader.matchesLiteral("null", at: offset) {
            if required { mismatch(type, path: path, offset: offset) }
            try reader.skipValue()
            return
        }
        let token = reader.describeToken(at: offset)
        switch type {
        case .string where token == "string", .boolean where token == "boolean", .number where token == "number":
            try reader.skipValue()
        case .integer where token == "number":
            let saved = reader.pos
            do {
                _ = try reader.readInt()
            } catch {
                guard error.found.hasSuffix("a number with a fraction") else { throw error }
                departures.append(Departure(kind: .nonIntegral, path: path, offset: offset, detail: error.found.replacingSuffix))
                reader.pos = saved
                try reader.skipValue()
            }
        case .enumeration(let values) where token == "string":
            let text = try reader.readString()
            if !values.contains(text) {
                departures.append(Departure(kind: .unknownEnumValue, path: path, offset: offset, detail: "\"\(text)\""))
            }
        case .object(let name) where token == "object":
            try object(schema.objects[name] ?? [], path: path)
        case .array(let element) where token == "array":
            var index = 0
            if try reader.beginArray() {
                repeat {
                    try value(element, required: true, path: "\(path)[\(index)]")
                    index += 1
                } while try reader.nextElement()
            }
        default:
            mismatch(type, path: path, offset: offset)
            try reader.skipValue()
        }
    }

    mutating func object(_ fields: [WireSchema.Field], path: String) throws(ProtocolError) {
        var seen = Set<String>()
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                let name = key.string
                if let field = fields.first(where: { $0.name == name }) {
                    seen.insert(name)
                    try value(field.type, required: field.required, path: "\(path).\(name)")
                } else {
                    reader.skipWhitespace()
                    departures.append(
                        Departure(
                            kind: .unknownField, path: "\(path).\(name)", offset: key.offset,
                            detail: reader.describeToken(at: reader.pos)))
                    try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        for field in fields where field.required && !seen.contains(field.name) {
            departures.append(
                Departure(
                    kind: .missingField, path: "\(path).\(field.name)", offset: reader.pos - 1, detail: field.type.description))
        }
    }

    mutating func mismatch(_ type: WireSchema.ValueType, path: String, offset: Int) {
        departures.append(
            Departure(
                kind: .typeMismatch, path: path, offset: offset,
                detail: "expected \(type.description), found \(reader.describeToken(at: offset))"))
    }
}

extension String {
    /// `99.5, a number with a fraction` -> `99.5`.
    fileprivate var replacingSuffix: String {
        guard let comma = firstIndex(of: ",") else { return self }
        return String(self[..<comma])
    }
}
