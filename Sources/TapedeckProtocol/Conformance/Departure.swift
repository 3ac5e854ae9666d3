/// One way a recorded message departs from the schema.
@_spi(TapedeckTool) public struct Departure: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case unknownType = "unknown-types"
        case unknownField = "unknown-fields"
        case missingField = "missing-fields"
        case typeMismatch = "type-mismatches"
        case nonIntegral = "non-integral-numbers"
        case unknownEnumValue = "unknown-enum-values"
        /// Not JSON, or not an envelope object with a string `type`.
        case malformed = "malformed"

        /// The name `--allow` takes: the raw value.
        public var allowName: String { rawValue }

        public var title: String {
            switch self {
            case .unknownType: "unknown type"
            case .unknownField: "unknown field"
            case .missingField: "missing required field"
            case .typeMismatch: "type mismatch"
            case .nonIntegral: "non-integral number in an integer field"
            case .unknownEnumValue: "unknown enum value"
            case .malformed: "malformed message"
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public var kind: Kind
    /// Where in the envelope, as `message.person.r[3].age`.
    public var path: String
    /// The byte offset in the message.
    public var offset: Int
    /// What was found: the unknown value, the wrong type, the number with a fraction.
    public var detail: String

    public init(kind: Kind, path: String, offset: Int, detail: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.detail = detail
    }

    /// The path with array indices dropped (`message.r[].age`), so one drift in many elements
    /// counts as one departure.
    public var pathPattern: String {
        var out = ""
        var inIndex = false
        for character in path {
            if character == "[" {
                inIndex = true
                out += "[]"
                continue
            }
            if character == "]" {
                inIndex = false
                continue
            }
            if !inIndex { out.append(character) }
        }
        return out
    }
}
