/// Rewrites the field tables of docs/PROTOCOL.md. Each table sits between
/// `<!-- generated: fields of NAME -->` and `<!-- end generated -->`, NAME being a schema object;
/// the prose and examples around them stay hand-written.
struct ProtocolDocWriter {
    static let regionStart = "<!-- generated: fields of "
    static let regionEnd = "<!-- end generated -->"

    let schema: ProtocolSchema

    func replacingTables(in doc: String) throws -> String {
        var out: [Substring] = []
        var lines = doc.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            out.append(line)
            guard line.hasPrefix(Self.regionStart), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst(Self.regionStart.count).dropLast(4))
            guard let object = schema.object(named: name) else {
                throw SchemaError(description: "docs/PROTOCOL.md has a table for '\(name)', which is no object of the schema")
            }
            guard let end = lines.firstIndex(where: { $0 == Self.regionEnd }) else {
                throw SchemaError(description: "docs/PROTOCOL.md: the table of '\(name)' has no '\(Self.regionEnd)'")
            }
            lines = lines[end...]
            out += table(object).map { Substring($0) }
        }
        return out.joined(separator: "\n")
    }

    func table(_ object: ProtocolSchema.Object) -> [String] {
        ["| field | type | presence | meaning |", "|---|---|---|---|"]
            + object.fields.map { field in
                "| `\(field.name)` | \(describe(field.type)) | \(presence(field)) | \(field.doc) |"
            }
    }

    private func describe(_ type: FieldType) -> String {
        switch type {
        case .string: return "string"
        case .int: return "integer"
        case .double: return "number"
        case .bool: return "boolean"
        case .array(let element): return "array of " + describe(element)
        case .named(let name):
            if let enumType = schema.enumType(named: name) {
                return "string: " + enumType.values.map { "`\($0)`" }.joined(separator: ", ")
            }
            return "[`\(name)`](#\(name.lowercased())) object"
        }
    }

    private func presence(_ field: Field) -> String {
        switch field.presence {
        case .required: "required"
        case .optional: "optional"
        case .defaulted(let value): "default `\(value.literal)`"
        }
    }
}
