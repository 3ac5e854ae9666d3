/// Where the values of one parsed document start, by path, and the literal text of its numbers.
/// A side table of the one tree rather than a tree of its own: only readers that point at a value
/// in error ask for it (`JSONParser.parseLocated`).
struct JSONLocations: Sendable {
    var offsets: [JSONPath: Int] = [:]
    var numberLiterals: [JSONPath: [UInt8]] = [:]
}

/// A value of a parsed document with where it starts in the text: what HAR import, JSON Lines and
/// tape metadata read, so each of their errors can name the byte of the value at fault.
public struct JSONLocated: Sendable {
    /// The value.
    public let value: JSONValue
    /// Where the value is in the document, from the root.
    public let path: JSONPath
    private let locations: JSONLocations

    init(root: JSONValue, locations: JSONLocations) {
        self.init(value: root, path: JSONPath(components: []), locations: locations)
    }

    private init(value: JSONValue, path: JSONPath, locations: JSONLocations) {
        self.value = value
        self.path = path
        self.locations = locations
    }

    /// Byte offset of the value's first character in the parsed text.
    public var offset: Int { locations.offsets[path] ?? 0 }

    /// The member named `key`, if the value is an object that has one.
    ///
    /// - Parameter key: The member's name.
    /// - Returns: The member with its location, or nil.
    public func member(_ key: String) -> JSONLocated? {
        guard case .object(let members) = value, let member = members[key] else { return nil }
        return JSONLocated(value: member, path: path.appending(.key(key)), locations: locations)
    }

    /// An object's members in the order they stand in the text; nil for any other value.
    public var members: [(key: String, value: JSONLocated)]? {
        guard case .object(let members) = value else { return nil }
        return members.map { key, member in
            (key, JSONLocated(value: member, path: path.appending(.key(key)), locations: locations))
        }.sorted { $0.value.offset < $1.value.offset }
    }

    /// An array's elements; nil for any other value.
    public var elements: [JSONLocated]? {
        guard case .array(let elements) = value else { return nil }
        return elements.indices.map { JSONLocated(value: elements[$0], path: path.appending(.index($0)), locations: locations) }
    }

    /// A number's text as written, for values a `Double` would round; nil for any other value.
    public var numberLiteral: [UInt8]? { locations.numberLiterals[path] }

    /// The value as an exact unsigned integer, if it is a plain integer literal that fits.
    public var unsignedInteger: UInt64? {
        guard let literal = numberLiteral, !literal.isEmpty else { return nil }
        var result: UInt64 = 0
        for digit in literal {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            result = sum
        }
        return result
    }

    /// The kind of value, for messages ("expected a string, found an array").
    public var typeName: String { value.typeName }
}

extension JSONValue {
    /// The kind of value, for messages: "an object", "a number", "null".
    public var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .int, .double: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
