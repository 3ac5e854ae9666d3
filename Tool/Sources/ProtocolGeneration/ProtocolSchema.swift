import Foundation

/// The protocol as `Protocol/baolife.schema.json` describes it: the envelope, the message types of
/// each direction and the objects and enums their bodies are made of. Everything the generator
/// writes comes from this value.
public struct ProtocolSchema: Decodable, Sendable {
    public struct Envelope: Decodable, Sendable {
        /// The member naming the message type (`type`) and the one holding its body (`message`).
        public var type: String
        public var body: String
    }

    /// One envelope `type` and the Swift case it decodes to; `body` is nil for a type without
    /// fields (its `message` is `{}`, null or absent).
    public struct Message: Decodable, Sendable {
        public var type: String
        public var `case`: String
        public var body: String?
        /// The case is boxed (`indirect`): its body is large and rare.
        public var indirect: Bool?
        /// Not a BaoLife message but one Tapedeck's own tools send (the reference server's
        /// `advance`): `tapedeck conform` accepts it; the codec leaves it `unknown`.
        public var control: Bool?
        public var about: String?
    }

    public struct Direction: Decodable, Sendable {
        /// The Swift enum (`ServerMessage`, `ClientMessage`).
        public var swiftEnum: String
        /// The enum's documentation comment.
        public var about: String
        /// Whether the body dispatch is `@inline(__always)` (the server's, on the hot path).
        public var inlineDispatch: Bool?
        public var messages: [Message]

        /// The BaoLife messages, which the Swift code generated from the schema knows.
        public var baoLife: [Message] { messages.filter { $0.control != true } }
    }

    public struct EnumType: Decodable, Sendable {
        /// The Swift name, nested in its object (`Activity.Kind`).
        public var name: String
        public var values: [String]
    }

    public struct Object: Decodable, Sendable {
        public var name: String
        /// The type's documentation comment.
        public var about: String
        /// The decoder builds the value with the compiler's memberwise initialiser (`MemberwiseInit`).
        public var memberwise: Bool?
        public var fields: [Field]
    }

    /// The objects of one Swift source file (`Codec/<file>+Wire.swift`).
    public struct Group: Decodable, Sendable {
        public var file: String
        /// What the group holds, for the files' header comments.
        public var about: String
        /// Where its Swift types are declared, under Sources/TapedeckProtocol.
        public var swiftFile: String
        public var enums: [EnumType]
        public var objects: [Object]
    }

    public var envelope: Envelope
    public var server: Direction
    public var client: Direction
    public var groups: [Group]

    public static func load(_ url: URL) throws -> ProtocolSchema {
        try parse(Data(contentsOf: url))
    }

    public static func parse(_ data: Data) throws -> ProtocolSchema {
        let schema = try JSONDecoder().decode(ProtocolSchema.self, from: data)
        try schema.validate()
        return schema
    }

    public var objects: [Object] { groups.flatMap(\.objects) }
    public var enums: [EnumType] { groups.flatMap(\.enums) }

    public func object(named name: String) -> Object? { objects.first { $0.name == name } }
    public func enumType(named name: String) -> EnumType? { enums.first { $0.name == name } }
}
