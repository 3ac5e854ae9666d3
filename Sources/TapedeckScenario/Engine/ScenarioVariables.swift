import TapedeckProtocol

/// The variables of a running scenario: captured values, `set` values, and the predefined `now`.
public struct ScenarioVariables: Sendable, Equatable {
    /// A variable used before anything gave it a value.
    public struct Undefined: Error, Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var defined: [String]
        public var description: String {
            let known = defined.isEmpty ? "no variables are defined yet" : "defined: " + defined.joined(separator: ", ")
            return "undefined variable ${\(name)} (\(known))"
        }
    }

    public private(set) var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) { self.values = values }

    public func value(of name: String) throws(Undefined) -> JSONValue {
        guard let value = values[name] else { throw Undefined(name: name, defined: values.keys.sorted()) }
        return value
    }

    public subscript(name: String) -> JSONValue? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
