/// Writes `Generated/Codec/<group>+Wire.swift`: per object a decoder that reads the fields in wire order
/// straight through, each read written once (`JSONReader.decodeInWireOrder` takes any other
/// order), and an encoder writing the fields in that order.
struct CodecWriter {
    let group: ProtocolSchema.Group

    func source() -> String {
        var out = GeneratedFile.swiftHeader + "\n"
        out += "// JSON decoding and encoding of \(group.about); field order is the order in docs/PROTOCOL.md.\n"
        for enumType in group.enums {
            out += "\nextension \(enumType.name): WireEnum {\n    static let wireNames = WireEnumNames<Self>()\n}\n"
        }
        for object in group.objects {
            out += "\n" + codable(object)
        }
        return out
    }

    private func codable(_ object: ProtocolSchema.Object) -> String {
        let fields = object.fields
        let names = fields.map { SwiftText.quoted($0.name) }
        var out = "extension \(object.name): WireCodable {\n"
        out +=
            SwiftText.wrapped(head: "    static let wireFields: JSONFieldNames = [", items: names, tail: "]", indent: "        ")
            + "\n"
        out += "    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> \(object.name) {\n"
        for field in fields {
            switch field.presence {
            case .required, .optional: out += "        var \(field.name): \(field.type.swift)? = nil\n"
            case .defaulted(let value): out += "        var \(field.name): \(field.type.swift) = \(value.literal)\n"
            }
        }
        // The fields in wire order, each read once, straight through (each local assigned at
        // most once, no dispatch). Members out of that order, repeated or unknown make
        // `decodeInWireOrder` put the object in wire order and decode that instead. The names are
        // read from the `static let` once: each access of it is a call to `swift_once`, which
        // the optimiser does not merge across the reads' calls (22 in `Person.decode`; 2.5 % of
        // the instructions of decoding from memory).
        out += "        let fields = Self.wireFields\n"
        out += "        let start = reader.pos\n"
        out += "        var field = try reader.firstField(fields)\n"
        for (index, field) in fields.enumerated() {
            out += "        if field == \(index) {\n"
            out +=
                "            do { \(field.name) = try \(read(field)) } catch { throw error.inside(.field(\"\(field.name)\")) }\n"
            out += "            field = try reader.nextField(fields, after: \(index))\n"
            out += "        }\n"
        }
        out += "        if field != nil { return try reader.decodeInWireOrder(from: start, fields, decode) }\n"
        for field in fields where field.presence == .required {
            out += "        guard let \(field.name) else { throw reader.missingField(\"\(field.name)\") }\n"
        }
        var arguments = fields.map { "\($0.name): \($0.name)" }
        if object.memberwise == true { arguments.append("memberwise: MemberwiseInit()") }
        out += "        return \(object.name)(\(arguments.joined(separator: ", ")))\n"
        out += "    }\n\n"
        out += "    func encode(to writer: inout JSONWriter) {\n"
        out += "        writer.beginObject()\n"
        for field in fields {
            let key = "writer.key(\"\\\"\(field.name)\\\":\")"
            if case .array = field.type {
                out += "        \(key); writer.writeArray(\(field.name))\n"
            } else if field.presence == .optional {
                out += "        if let \(field.name) { \(key); \(field.name).encode(to: &writer) }\n"
            } else {
                out += "        \(key); \(field.name).encode(to: &writer)\n"
            }
        }
        out += "        writer.endObject()\n"
        out += "    }\n"
        out += "}\n"
        return out
    }

    /// The read of one field: the specialised readers where the reader has one (strings, integers,
    /// string lists), the generic ones otherwise.
    private func read(_ field: Field) -> String {
        let optional = field.presence == .optional
        switch field.type {
        case .string: return optional ? "reader.readOptionalString()" : "reader.readString()"
        case .int: return optional ? "reader.readOptionalInt()" : "Int.decode(from: &reader)"
        case .array(.string): return "reader.readStringArray()"
        case .array(let element): return "reader.readArray(of: \(element.swift).self)"
        default: return optional ? "reader.readOptional(\(field.type.swift).self)" : "\(field.type.swift).decode(from: &reader)"
        }
    }
}
