import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// Evaluates `PATH OP VALUE` against a JSON document (a message body or a state snapshot).
///
/// `==` and `!=` compare JSON values; integers and doubles compare by numeric value, and a path
/// that resolves to nothing counts as null. `<`, `<=`, `>`, `>=` compare two numbers, or two
/// strings by their UTF-8 bytes; anything else (a missing value included) fails the comparison.
enum ComparisonEvaluator {
    struct Failure: Sendable, Equatable {
        var comparison: Comparison
        var expected: JSONValue
        /// nil: the path resolved to nothing.
        var actual: JSONValue?
        /// Why it could not be compared (undefined variable, values that cannot be ordered).
        var problem: String?
    }

    /// nil when the comparison holds.
    static func failure(of comparison: Comparison, in document: JSONValue, variables: ScenarioVariables) -> Failure? {
        let expected: JSONValue
        do {
            expected = try comparison.value.render(variables)
        } catch {
            return Failure(comparison: comparison, expected: .null, actual: nil, problem: error.description)
        }
        let actual = document.value(at: comparison.path)
        switch comparison.op {
        case .equal, .notEqual:
            let equal = jsonEqual(actual ?? .null, expected)
            if equal == (comparison.op == .equal) { return nil }
            return Failure(comparison: comparison, expected: expected, actual: actual)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let actual else {
                return Failure(
                    comparison: comparison, expected: expected, actual: nil, problem: "no value at \(comparison.pathText)")
            }
            guard let order = compare(actual, expected) else {
                return Failure(
                    comparison: comparison, expected: expected, actual: actual,
                    problem: "cannot order \(actual.typeName) and \(expected.typeName)")
            }
            let holds =
                switch comparison.op {
                case .less: order < 0
                case .lessOrEqual: order <= 0
                case .greater: order > 0
                default: order >= 0
                }
            return holds ? nil : Failure(comparison: comparison, expected: expected, actual: actual)
        }
    }

    /// The failures of a filter's best alternative: empty when some alternative holds entirely.
    static func failures(of filter: MessageFilter?, in document: JSONValue, variables: ScenarioVariables) -> [Failure] {
        guard let filter else { return [] }
        var best: [Failure]?
        for alternative in filter.alternatives {
            let failed = alternative.compactMap { failure(of: $0, in: document, variables: variables) }
            if failed.isEmpty { return [] }
            if best.map({ failed.count < $0.count }) ?? true { best = failed }
        }
        return best ?? []
    }

    static func matches(_ filter: MessageFilter?, _ document: JSONValue, variables: ScenarioVariables) -> Bool {
        failures(of: filter, in: document, variables: variables).isEmpty
    }

    static func jsonEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)): return Double(x) == y
        case (.double(let x), .int(let y)): return x == Double(y)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { jsonEqual(value, $0) } ?? false }
        default: return a == b
        }
    }

    /// -1, 0, 1; nil when the two cannot be ordered.
    static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : x == y ? 0 : 1
        case (.int, .double), (.double, .int), (.double, .double):
            guard let x = a.number, let y = b.number, !x.isNaN, !y.isNaN else { return nil }
            return x < y ? -1 : x == y ? 0 : 1
        case (.string(let x), .string(let y)):
            let left = Array(x.utf8)
            let right = Array(y.utf8)
            return left.lexicographicallyPrecedes(right) ? -1 : left == right ? 0 : 1
        default: return nil
        }
    }
}

extension JSONValue {
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
