import Foundation

/// Writes the Foundation baseline (`TapedeckThroughput/Generated/FoundationBaseline.swift` and
/// `FoundationClientBaseline.swift`): `Decodable` mirrors of each direction's bodies and an
/// envelope switching on `type`, which the benchmarks decode with `JSONDecoder`. Fields with a
/// default are optional in the mirrors, so both decoders accept the same input.
struct BaselineWriter {
    let schema: ProtocolSchema

    func serverSource() -> String {
        source(
            direction: schema.server, namespace: "FoundationBaseline", envelope: "ServerEnvelope", other: "unknown",
            about: """
                /// Decodable mirrors of the server's messages, used only as the Foundation `JSONDecoder` baseline of
                /// `tapedeck bench protocol`, `bench decode` and `DecodeThroughput.addBaselines()`: the same
                /// envelope and fields, decoded the standard way. Fields that have a default in the typed decoder
                /// are optional here, so both accept the same input.
                """)
    }

    func clientSource() -> String {
        source(
            direction: schema.client, namespace: "FoundationClientBaseline", envelope: "ClientEnvelope", other: "other",
            about: """
                /// Decodable mirrors of the client's messages, for the Foundation baselines of `tapedeck bench
                /// decode` and `DecodeThroughput` (see `FoundationBaseline`).
                """)
    }

    private func source(direction: ProtocolSchema.Direction, namespace: String, envelope: String, other: String, about: String)
        -> String
    {
        let (objects, enums) = reachable(from: direction)
        var out = GeneratedFile.swiftHeader + "\n"
        out += "import Foundation\n\n" + about + "\n"
        out += "public enum \(namespace) {"
        for enumType in enums {
            out += "\n" + EnumWriter(enumType: enumType).mirror(name: flat(enumType.name), indent: "    ")
        }
        for object in objects {
            out += "\n    struct \(object.name): Decodable {\n"
            for field in object.fields {
                let optional = field.presence == .required ? "" : "?"
                out += "        let \(field.name): \(mirror(field.type))\(optional)\n"
            }
            out += "    }\n"
        }
        out += "\n    /// `{\"type\": ..., \"message\": ...}` decoded by switching on `type`.\n"
        out += "    struct \(envelope): Decodable {\n        enum Body {\n"
        for message in direction.baoLife {
            out += "            case \(message.case)" + (message.body.map { "(\($0))" } ?? "") + "\n"
        }
        out += "            case \(other)(String)\n        }\n\n"
        out += "        enum CodingKeys: String, CodingKey { case \(schema.envelope.type), \(schema.envelope.body) }\n\n"
        out += "        let body: Body\n\n"
        out += "        init(from decoder: any Decoder) throws {\n"
        out += "            let container = try decoder.container(keyedBy: CodingKeys.self)\n"
        out += "            let type = try container.decode(String.self, forKey: .\(schema.envelope.type))\n"
        out += "            switch type {\n"
        for message in direction.baoLife {
            if let body = message.body {
                out +=
                    "            case \(SwiftText.quoted(message.type)): body = .\(message.case)(try container.decode(\(body).self, forKey: .\(schema.envelope.body)))\n"
            } else {
                out += "            case \(SwiftText.quoted(message.type)): body = .\(message.case)\n"
            }
        }
        out += "            default: body = .\(other)(type)\n"
        out += "            }\n        }\n    }\n}\n"
        return out
    }

    /// The objects and enums a direction's bodies use, in schema order.
    private func reachable(from direction: ProtocolSchema.Direction) -> ([ProtocolSchema.Object], [ProtocolSchema.EnumType]) {
        var names = Set<String>()
        var pending = direction.baoLife.compactMap(\.body)
        while let name = pending.popLast() {
            guard names.insert(name).inserted, let object = schema.object(named: name) else { continue }
            pending += object.fields.map { Self.named($0.type) }.compactMap { $0 }
        }
        return (schema.objects.filter { names.contains($0.name) }, schema.enums.filter { names.contains($0.name) })
    }

    private static func named(_ type: FieldType) -> String? {
        switch type {
        case .named(let name): name
        case .array(let element): named(element)
        default: nil
        }
    }

    /// The mirror's type: the schema's enums are flattened into the namespace (`ActivityKind`).
    private func mirror(_ type: FieldType) -> String {
        switch type {
        case .named(let name): flat(name)
        case .array(let element): "[\(mirror(element))]"
        default: type.swift
        }
    }

    private func flat(_ name: String) -> String { name.replacingOccurrences(of: ".", with: "") }
}
