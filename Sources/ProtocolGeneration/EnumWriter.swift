/// Writes a protocol enum's declaration, nested in its object.
struct EnumWriter {
    let enumType: ProtocolSchema.EnumType

    /// The name inside its object (`Kind` of `Activity.Kind`).
    var localName: String { String(enumType.name.split(separator: ".").last ?? "") }

    func declaration(indent: String) -> String {
        var out = "\(indent)public enum \(localName): String, Sendable, Equatable, CaseIterable {\n"
        out += "\(indent)    case \(enumType.values.joined(separator: ", "))\n"
        out += "\(indent)}\n"
        return out
    }
}
