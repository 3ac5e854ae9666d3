/// A field's type as the schema writes it.
public indirect enum FieldType: Decodable, Equatable, Sendable {
    case string, int, double, bool
    /// An enum or an object of the schema, by its Swift name.
    case named(String)
    case array(FieldType)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = FieldType(parsing: try container.decode(String.self))
    }

    public init(parsing text: String) {
        if text.hasPrefix("["), text.hasSuffix("]") {
            self = .array(FieldType(parsing: String(text.dropFirst().dropLast())))
            return
        }
        switch text {
        case "string": self = .string
        case "int": self = .int
        case "double": self = .double
        case "bool": self = .bool
        default: self = .named(text)
        }
    }

    /// The Swift type of a value of this type.
    public var swift: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .named(let name): name
        case .array(let element): "[\(element.swift)]"
        }
    }
}
