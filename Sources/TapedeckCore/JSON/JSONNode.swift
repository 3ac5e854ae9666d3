/// A parsed JSON value that keeps where it started, so errors can point at line:column.
/// Strings are kept as their exact UTF-8 bytes and numbers as their literal text, so nothing is
/// rounded or normalised on the way in.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string([UInt8])
        case number([UInt8])
        case bool(Bool)
        case null
    }

    public var value: Value
    /// Byte offset of the value's first character in the parsed text.
    public var offset: Int

    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The value as an exact unsigned integer, if it is a plain integer literal that fits.
    public var unsignedInteger: UInt64? {
        guard case .number(let literal) = value, !literal.isEmpty else { return nil }
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
}
