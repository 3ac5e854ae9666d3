import TapedeckCore
import TapedeckProtocol

/// The variables of a running scenario: captured values, `set` values, and the predefined `now`.
package struct ScenarioVariables: Sendable, Equatable {
    /// A variable used before anything gave it a value.
    package struct Undefined: Error, Sendable, Equatable, CustomStringConvertible {
        package var name: String
        package var defined: [String]
        package var description: String {
            let known = defined.isEmpty ? "no variables are defined yet" : "defined: " + defined.joined(separator: ", ")
            return "undefined variable ${\(name)} (\(known))"
        }
    }

    package private(set) var values: [String: JSONValue]

    package init(_ values: [String: JSONValue] = [:]) { self.values = values }

    package func value(of name: String) throws(Undefined) -> JSONValue {
        guard let value = values[name] else { throw Undefined(name: name, defined: values.keys.sorted()) }
        return value
    }

    package subscript(name: String) -> JSONValue? {
        get { values[name] }
        set { values[name] = newValue }
    }
}
