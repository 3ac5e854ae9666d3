import TapedeckState

/// `PATH OP VALUE`: one clause of a `where` or one checkpoint assertion.
public struct Comparison: Sendable, Hashable, CustomStringConvertible {
    public var path: JSONPath
    /// The path as written, for messages.
    public var pathText: String
    public var op: ComparisonOperator
    public var value: JSONTemplate
    public var location: SourceLocation

    public init(path: JSONPath, pathText: String, op: ComparisonOperator, value: JSONTemplate, location: SourceLocation) {
        self.path = path; self.pathText = pathText; self.op = op; self.value = value; self.location = location
    }

    public var description: String { "\(pathText) \(op.rawValue) \(value)" }
}

/// A `where` filter: clauses joined by `and` (binding tighter) and `or`. Stored as a disjunction
/// of conjunctions.
public struct MessageFilter: Sendable, Hashable, CustomStringConvertible {
    public var alternatives: [[Comparison]]

    public init(alternatives: [[Comparison]]) { self.alternatives = alternatives }

    public var description: String {
        alternatives.map { $0.map(\.description).joined(separator: " and ") }.joined(separator: " or ")
    }
}
