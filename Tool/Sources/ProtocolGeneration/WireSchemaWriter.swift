/// Writes `Generated/Conformance/WireSchema+BaoLife.swift`: the schema as a `WireSchema` value, which
/// `tapedeck conform` checks recorded traffic against.
struct WireSchemaWriter {
    let schema: ProtocolSchema

    func source() -> String {
        var out = GeneratedFile.swiftHeader + "\n"
        out += "// Protocol/baolife.schema.json as data, for `ConformanceChecker`.\n"
        out += "extension WireSchema {\n"
        out += "    public static let baoLife = WireSchema(\n"
        out += "        objects: [\n"
        for object in schema.objects {
            out += "            \(SwiftText.quoted(object.name)): [\n"
            for field in object.fields {
                out +=
                    "                Field(\(SwiftText.quoted(field.name)), \(valueType(field.type)), required: \(field.presence == .required)),\n"
            }
            out += "            ],\n"
        }
        out += "        ],\n"
        out += "        server: \(bodies(schema.server)),\n"
        out += "        client: \(bodies(schema.client))\n"
        out += "    )\n}\n"
        return out
    }

    private func bodies(_ direction: ProtocolSchema.Direction) -> String {
        var out = "[\n"
        for message in direction.messages {
            out += "            \(SwiftText.quoted(message.type)): \(message.body.map(SwiftText.quoted) ?? "nil"),\n"
        }
        return out + "        ]"
    }

    private func valueType(_ type: FieldType) -> String {
        switch type {
        case .string: ".string"
        case .int: ".integer"
        case .double: ".number"
        case .bool: ".boolean"
        case .array(let element): ".array(\(valueType(element)))"
        case .named(let name):
            if let enumType = schema.enumType(named: name) {
                ".enumeration([\(enumType.values.map(SwiftText.quoted).joined(separator: ", "))])"
            } else {
                ".object(\(SwiftText.quoted(name)))"
            }
        }
    }
}
