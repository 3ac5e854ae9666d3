import TapedeckCore
import TapedeckProtocol

/// Text with `${name}` variables in it: a URL, a header value, or a JSON string value.
package struct TextTemplate: Sendable, Hashable, CustomStringConvertible {
    package enum Part: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    package var parts: [Part]

    package init(parts: [Part]) { self.parts = parts }

    package init(literal: String) { parts = literal.isEmpty ? [] : [.literal(literal)] }

    package var variableNames: [String] {
        parts.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// The text with each variable replaced by its value: strings as they are, other values as
    /// compact JSON (`42`, `true`, `null`).
    package func render(_ variables: ScenarioVariables) throws(ScenarioVariables.Undefined) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let name): text += try variables.value(of: name).interpolationText
            }
        }
        return text
    }

    package var description: String {
        parts.map { part in
            switch part {
            case .literal(let literal): literal
            case .variable(let name): "${\(name)}"
            }
        }.joined()
    }
}

extension JSONValue {
    /// How a value reads inside text: a string without its quotes, anything else as compact JSON.
    var interpolationText: String {
        if case .string(let text) = self { return text }
        return canonicalJSONString(pretty: false)
    }
}

/// Text and variables in reading order, joined into a `TextTemplate` with adjacent text in one
/// part: what the parser's string and unquoted-text readers build.
struct TextTemplateBuilder {
    private var parts: [TextTemplate.Part] = []
    private var literal = ""

    mutating func append(_ character: Character) { literal.append(character) }

    mutating func appendVariable(_ name: String) {
        if !literal.isEmpty {
            parts.append(.literal(literal))
            literal = ""
        }
        parts.append(.variable(name))
    }

    var template: TextTemplate { TextTemplate(parts: literal.isEmpty ? parts : parts + [.literal(literal)]) }
}
