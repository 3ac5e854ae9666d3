/// Writes a protocol enum's declaration, nested in its object. A value the schema does not know
/// is kept as `unknown(String)`, as the app keeps it, instead of failing the whole message; the
/// known values stay plain cases (`allCases` lists only them).
struct EnumWriter {
    let enumType: ProtocolSchema.EnumType

    /// The name inside its object (`Kind` of `Activity.Kind`).
    var localName: String { String(enumType.name.split(separator: ".").last ?? "") }

    func declaration(indent: String) -> String {
        let values = enumType.values
        var out = "\(indent)public enum \(localName): Sendable, Hashable, CaseIterable, RawRepresentable {\n"
        out += "\(indent)    case \(values.joined(separator: ", "))\n"
        out += "\(indent)    /// A value this version of the protocol does not know, as it was sent.\n"
        out += "\(indent)    case unknown(String)\n\n"
        out +=
            "\(indent)    public static let allCases: [\(localName)] = [\(values.map { "." + $0 }.joined(separator: ", "))]\n\n"
        out += "\(indent)    public init(rawValue: String) {\n"
        out += "\(indent)        switch rawValue {\n"
        for value in values {
            out += "\(indent)        case \(SwiftText.quoted(value)): self = .\(value)\n"
        }
        out += "\(indent)        default: self = .unknown(rawValue)\n"
        out += "\(indent)        }\n\(indent)    }\n\n"
        out += "\(indent)    public var rawValue: String {\n"
        out += "\(indent)        switch self {\n"
        for value in values {
            out += "\(indent)        case .\(value): \(SwiftText.quoted(value))\n"
        }
        out += "\(indent)        case .unknown(let value): value\n"
        out += "\(indent)        }\n\(indent)    }\n"
        out += "\(indent)}\n"
        return out
    }

    /// The Foundation mirror (`BaselineWriter`): the same values, an unknown one kept likewise.
    func mirror(name: String, indent: String) -> String {
        var out = "\(indent)enum \(name): Decodable {\n"
        out += "\(indent)    case \(enumType.values.joined(separator: ", ")), unknown(String)\n\n"
        out += "\(indent)    init(from decoder: any Decoder) throws {\n"
        out += "\(indent)        let value = try decoder.singleValueContainer().decode(String.self)\n"
        out += "\(indent)        switch value {\n"
        for value in enumType.values {
            out += "\(indent)        case \(SwiftText.quoted(value)): self = .\(value)\n"
        }
        out += "\(indent)        default: self = .unknown(value)\n"
        out += "\(indent)        }\n\(indent)    }\n\(indent)}\n"
        return out
    }
}
