extension JSONValue: Encodable {
    /// Encodes as the JSON it is, so a snapshot that is already a `JSONValue` passes through any
    /// `Encoder` unchanged.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder's containers throw (such as `EncodingError.invalidValue` for a non-finite double).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var container = encoder.container(keyedBy: JSONKeyName.self)
            for (key, value) in fields { try container.encode(value, forKey: JSONKeyName(key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

/// Any string as a coding key, for the members of a JSON object.
struct JSONKeyName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
