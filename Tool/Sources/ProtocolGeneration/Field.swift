/// One member of an object: its wire name, type, presence and meaning.
public struct Field: Decodable, Sendable {
    public var name: String
    /// `string`, `int`, `double`, `bool`, an enum or object name, or `[T]` for an array of T.
    public var type: FieldType
    /// Absent or null means nil.
    public var optional: Bool?
    /// Absent means this value; when neither `optional` nor `default` is given the field is required.
    public var `default`: DefaultValue?
    /// The meaning column of docs/PROTOCOL.md.
    public var doc: String

    public enum Presence: Equatable, Sendable {
        case required, optional
        case defaulted(DefaultValue)
    }

    public var presence: Presence {
        if optional == true { return .optional }
        if let value = `default` { return .defaulted(value) }
        return .required
    }
}

/// A field's default: the literals the protocol uses.
public enum DefaultValue: Decodable, Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case emptyArray

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
            return
        }
        if let value = try? container.decode(Int.self) {
            self = .int(value)
            return
        }
        if let value = try? container.decode(String.self) {
            self = .string(value)
            return
        }
        if let value = try? container.decode([Int].self), value.isEmpty {
            self = .emptyArray
            return
        }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "a default is a string, an integer, a boolean or []")
    }

    /// The value as a Swift (and JSON) literal.
    public var literal: String {
        switch self {
        case .string(let text): SwiftText.quoted(text)
        case .int(let value): String(value)
        case .bool(let value): String(value)
        case .emptyArray: "[]"
        }
    }
}
