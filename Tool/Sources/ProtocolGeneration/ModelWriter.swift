/// Writes the Swift types of one group (`Generated/Model/<file>.swift`, `Generated/Messages/<file>.swift`): a struct
/// per object with its nested enums, a property per field documented with its meaning, and the
/// public initialiser (optional and defaulted fields may be left out). Objects marked
/// `memberwise` also keep the compiler's memberwise initialiser for their decoder.
struct ModelWriter {
    let group: ProtocolSchema.Group
    let schema: ProtocolSchema

    func source() -> String {
        var out = GeneratedFile.swiftHeader + "\n"
        out += "// Swift declarations of \(group.about); docs/PROTOCOL.md documents each one.\n"
        for object in group.objects {
            out += "\n" + declaration(object)
        }
        return out
    }

    private func declaration(_ object: ProtocolSchema.Object) -> String {
        var out = SwiftText.comment(object.about, indent: "")
        out += "public struct \(object.name): Sendable, Equatable {\n"
        for enumType in group.enums where enumType.name.hasPrefix(object.name + ".") {
            out += EnumWriter(enumType: enumType).declaration(indent: "    ") + "\n"
        }
        for field in object.fields {
            out += SwiftText.comment(field.doc, indent: "    ")
            out += "    public var \(field.name): \(swiftType(field))\n"
        }
        let memberwise = object.memberwise == true
        if memberwise {
            out += "    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).\n"
            out += "    let memberwise: MemberwiseInit\n"
            out += "}\n\nextension \(object.name) {\n"
        } else {
            out += "\n"
        }
        let parameters = object.fields.map { field in
            "\(field.name): \(swiftType(field))" + defaultArgument(field)
        }
        out +=
            SwiftText.wrapped(head: "    public init(", items: parameters, tail: ") {", indent: "                ", width: 110)
            + "\n"
        if memberwise { out += "        memberwise = MemberwiseInit()\n" }
        for field in object.fields {
            out += "        self.\(field.name) = \(field.name)\n"
        }
        out += "    }\n}\n"
        return out
    }

    private func swiftType(_ field: Field) -> String {
        field.type.swift + (field.presence == .optional ? "?" : "")
    }

    private func defaultArgument(_ field: Field) -> String {
        switch field.presence {
        case .required: ""
        case .optional: " = nil"
        case .defaulted(let value): " = \(value.literal)"
        }
    }
}
