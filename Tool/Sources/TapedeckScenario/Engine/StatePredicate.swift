import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// A condition on the client state written as in a scenario checkpoint, e.g.
/// `gameState.energy < 0` or `gameState.money > 100 and gameState.diamonds == 0`: comparisons joined
/// by `and` (binding tighter) and `or`. Paths are checked against the snapshot's shape when parsed.
/// Used by `tapedeck repro --until` and `shrink --until`.
package struct StatePredicate: StateCondition, Hashable {
    package var filter: MessageFilter
    /// The text as given.
    package var text: String

    /// Parses `text`; errors point at the column (the "file" is `source`, e.g. `--until`).
    package init(parsing text: String, source: String = "--until") throws(ScenarioParseError) {
        var parser = FileParser(
            source: text, file: source, loader: FileScenarioLoader(), includeStack: [source], includedFrom: [])
        var alternatives: [[Comparison]] = [[]]
        while true {
            parser.cursor.skipSpaces()
            alternatives[alternatives.count - 1].append(try parser.parseComparison(state: true))
            parser.cursor.skipSpaces()
            if parser.cursor.isAtEnd { break }
            let start = parser.position
            let word = parser.readIdentifier()
            if word == "and" { continue }
            if word == "or" {
                alternatives.append([])
                continue
            }
            throw parser.fail(
                "expected 'and', 'or' or the end of the predicate, found '\(word.isEmpty ? parser.foundHere : word)'",
                at: start, found: word.isEmpty ? parser.foundHere : word,
                hint: "e.g. gameState.energy < 0 and gameState.money > 10")
        }
        filter = MessageFilter(alternatives: alternatives)
        self.text = text
    }

    /// Whether the snapshot satisfies the predicate (a missing path or unorderable values do not).
    package func holds(in snapshot: JSONValue) -> Bool {
        ComparisonEvaluator.matches(filter, snapshot, variables: ScenarioVariables())
    }

    package var description: String { text }
}
