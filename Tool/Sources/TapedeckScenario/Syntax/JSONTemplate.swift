import TapedeckCore
import TapedeckProtocol

/// A JSON value as written in a scenario, where `${name}` may stand for a whole value or appear
/// inside a string. Rendering with the variables gives a `JSONValue`.
package indirect enum JSONTemplate: Sendable, Hashable, CustomStringConvertible {
    case literal(JSONValue)
    case variable(String)
    case string(TextTemplate)
    case array([JSONTemplate])
    /// Members in the order written (a repeated key: the last wins when rendered).
    case object([(key: String, value: JSONTemplate)])

    package static func == (lhs: JSONTemplate, rhs: JSONTemplate) -> Bool {
        switch (lhs, rhs) {
        case (.literal(let a), .literal(let b)): a == b
        case (.variable(let a), .variable(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(description) }

    package var variableNames: [String] {
        switch self {
        case .literal: []
        case .variable(let name): [name]
        case .string(let text): text.variableNames
        case .array(let items): items.flatMap(\.variableNames)
        case .object(let members): members.flatMap(\.value.variableNames)
        }
    }

    package func render(_ variables: ScenarioVariables) throws(ScenarioVariables.Undefined) -> JSONValue {
        switch self {
        case .literal(let value): return value
        case .variable(let name): return try variables.value(of: name)
        case .string(let text): return .string(try text.render(variables))
        case .array(let items):
            var values: [JSONValue] = []
            for item in items { values.append(try item.render(variables)) }
            return .array(values)
        case .object(let members):
            var values: [String: JSONValue] = [:]
            for member in members { values[member.key] = try member.value.render(variables) }
            return .object(values)
        }
    }

    /// Compact JSON with variables shown as `${name}`.
    package var description: String {
        switch self {
        case .literal(let value): return value.canonicalJSONString(pretty: false)
        case .variable(let name): return "${\(name)}"
        case .string(let text): return JSONValue.string(text.description).canonicalJSONString(pretty: false)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            let body = members.map { JSONValue.string($0.key).canonicalJSONString(pretty: false) + ":" + $0.value.description }
            return "{" + body.joined(separator: ",") + "}"
        }
    }
}
