import TapedeckCore
import TapedeckState

/// `PATH OP VALUE`: one clause of a `where` or one checkpoint assertion.
package struct Comparison: Sendable, Hashable, CustomStringConvertible {
    package var path: JSONPath
    /// The path as written, for messages.
    package var pathText: String
    package var op: ComparisonOperator
    package var value: JSONTemplate
    package var location: SourceLocation

    package init(path: JSONPath, pathText: String, op: ComparisonOperator, value: JSONTemplate, location: SourceLocation) {
        self.path = path
        self.pathText = pathText
        self.op = op
        self.value = value
        self.location = location
    }

    package var description: String { "\(pathText) \(op.rawValue) \(value)" }
}

/// A `where` filter: clauses joined by `and` (binding tighter) and `or`. Stored as a disjunction
/// of conjunctions.
package struct MessageFilter: Sendable, Hashable, CustomStringConvertible {
    package var alternatives: [[Comparison]]

    package init(alternatives: [[Comparison]]) { self.alternatives = alternatives }

    package var description: String {
        alternatives.map { $0.map(\.description).joined(separator: " and ") }.joined(separator: " or ")
    }
}
