/// The protocol as data, for checking recorded traffic against it (`ConformanceChecker`,
/// `tapedeck conform`). Its one value, `WireSchema.baoLife`, is generated from
/// Protocol/baolife.schema.json like the codec, so both always describe the same protocol.
@_spi(TapedeckTool) public struct WireSchema: Sendable {
    public indirect enum ValueType: Sendable, Equatable {
        case string, integer, number, boolean
        /// A string with these known values.
        case enumeration([String])
        /// An object of `objects`, by name.
        case object(String)
        case array(ValueType)

        /// How docs/PROTOCOL.md names the type, for reports.
        public var description: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .number: "number"
            case .boolean: "boolean"
            case .enumeration: "string"
            case .object(let name): "\(name) object"
            case .array(let element): "array of \(element.description)"
            }
        }
    }

    public struct Field: Sendable {
        public var name: String
        public var type: ValueType
        /// Required fields must be present and not null; the others may be absent or null.
        public var required: Bool

        public init(_ name: String, _ type: ValueType, required: Bool) {
            self.name = name
            self.type = type
            self.required = required
        }
    }

    /// Each object's fields in wire order.
    public var objects: [String: [Field]]
    /// Each known envelope type of a direction and the object its body is (nil: no fields).
    public var server: [String: String?]
    public var client: [String: String?]

    public init(objects: [String: [Field]], server: [String: String?], client: [String: String?]) {
        self.objects = objects
        self.server = server
        self.client = client
    }
}
