import TapedeckCore
import TapedeckProtocol

/// The detail lines of failed steps: what was expected against what was received, which clause
/// failed with its expected and actual values (`-` expected, `+` actual), and the client state.
enum FailureReport {
    static let nearMissLimit = 3

    static func expect(
        _ expect: ScenarioStatement.Expect, timeout: ScenarioDuration,
        nearMisses: [(message: ReceivedMessage, failures: [ComparisonEvaluator.Failure])],
        others: [ReceivedMessage], recent: [ReceivedMessage], state: JSONValue,
        variables: ScenarioVariables
    ) -> [String] {
        var lines = ["expected: \(expect.type)" + (expect.filter.map { " where \($0)" } ?? "") + " within \(timeout)"]
        if nearMisses.isEmpty {
            lines.append("received: no \(expect.type)")
            lines += recentMessages(recent)
        } else {
            let shown = nearMisses.suffix(nearMissLimit)
            let more = nearMisses.count > shown.count ? " (the last \(shown.count) shown)" : ""
            lines.append("received: \(nearMisses.count) \(expect.type) not matching\(more):")
            for (message, failures) in shown {
                lines.append("  \(message.label):")
                for failure in failures { lines += clause(failure, indent: 4) }
                lines += indented(message.body.canonicalJSONString(pretty: true), by: 4)
            }
        }
        if !others.isEmpty { lines.append("other messages while waiting: " + countByType(others)) }
        lines += stateLines(state, keys: ["gameState", "connection"])
        return lines
    }

    /// One failed clause: `where accepted == false`, then `- expected` and `+ actual`.
    static func clause(_ failure: ComparisonEvaluator.Failure, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines = ["\(pad)✗ \(failure.comparison)"]
        lines.append(
            "\(pad)  - expected: \(failure.comparison.op == .equal ? "" : failure.comparison.op.rawValue + " ")\(compact(failure.expected))"
        )
        lines.append("\(pad)  + actual:   \(failure.actual.map(compact) ?? "(no value at \(failure.comparison.pathText))")")
        if let problem = failure.problem { lines.append("\(pad)    (\(problem))") }
        return lines
    }

    static func checkpoint(_ results: [(Comparison, ComparisonEvaluator.Failure?)], state: JSONValue) -> [String] {
        var lines: [String] = []
        var roots: [String] = []
        for (comparison, failure) in results {
            if let failure {
                lines += clause(failure, indent: 0)
                if case .key(let root)? = comparison.path.components.first, !roots.contains(root) { roots.append(root) }
            } else {
                lines.append("✓ \(comparison)")
            }
        }
        lines += stateLines(state, keys: roots.isEmpty ? ["gameState"] : roots)
        return lines
    }

    static func unexpected(_ message: ReceivedMessage, state: JSONValue) -> [String] {
        ["received: \(message.label):"] + indented(message.body.canonicalJSONString(pretty: true), by: 2)
            + stateLines(state, keys: ["gameState", "connection"])
    }

    static func recentMessages(_ recent: [ReceivedMessage]) -> [String] {
        guard !recent.isEmpty else { return ["nothing else was received"] }
        return ["last messages received:"] + recent.map { "  \($0.label): \(compact($0.body))" }
    }

    /// The named subtrees of the state snapshot, pretty-printed.
    static func stateLines(_ state: JSONValue, keys: [String]) -> [String] {
        guard case .object(let members) = state else { return [] }
        var subset: [String: JSONValue] = [:]
        for key in keys { subset[key] = members[key] }
        return ["client state (\(keys.joined(separator: ", "))):"]
            + indented(JSONValue.object(subset).canonicalJSONString(pretty: true), by: 2)
    }

    /// `u ×3, personObject ×1`, in order of first arrival.
    static func countByType(_ messages: [ReceivedMessage]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for message in messages {
            if counts[message.type] == nil { order.append(message.type) }
            counts[message.type, default: 0] += 1
        }
        return order.map { "\($0.isEmpty ? "(not an envelope)" : $0) ×\(counts[$0]!)" }.joined(separator: ", ")
    }

    static func compact(_ value: JSONValue) -> String {
        let text = value.canonicalJSONString(pretty: false)
        return text.count > 200 ? String(text.prefix(197)) + "..." : text
    }

    static func indented(_ text: String, by count: Int) -> [String] {
        let pad = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map { pad + $0 }
    }
}
