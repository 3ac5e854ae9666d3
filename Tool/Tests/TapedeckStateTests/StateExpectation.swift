import TapedeckProtocol
import Testing

@testable import TapedeckState

/// `#expect(state == expected)` with a readable failure: the lines of the canonical snapshots that
/// differ ("-" expected, "+" actual), and the parts whose values differ outside the snapshot.
func expectState(_ actual: ClientState, equals expected: ClientState, sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    var report = "state differs from expected (- expected, + actual):\n"
    let diff = LineDiff.unified(expected.snapshot().canonicalJSONString(), actual.snapshot().canonicalJSONString())
    report += diff.isEmpty ? "(snapshots are identical)\n" : diff
    let parts: [(String, Bool)] = [
        ("configuration", actual.configuration == expected.configuration),
        ("gameState", actual.gameState == expected.gameState), ("player", actual.player == expected.player),
        ("questions", actual.questions == expected.questions), ("claimable", actual.claimable == expected.claimable),
        ("connection", actual.connection == expected.connection),
        ("achievements", actual.achievements == expected.achievements), ("store", actual.store == expected.store),
        ("retention", actual.retention == expected.retention), ("toasts", actual.toasts == expected.toasts),
    ]
    report += "parts that differ: " + parts.filter { !$0.1 }.map(\.0).joined(separator: ", ")
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

/// A minimal line diff (longest common subsequence), showing only changed lines with the line
/// before them for context.
enum LineDiff {
    static func unified(_ old: String, _ new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var out = ""
        var i = 0
        var j = 0
        var previous: Substring?
        var printedContext = false
        func context() {
            if !printedContext, let previous { out += "  \(previous)\n" }
            printedContext = true
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                previous = a[i]
                printedContext = false
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                context()
                out += "- \(a[i])\n"
                i += 1
            } else {
                context()
                out += "+ \(b[j])\n"
                j += 1
            }
        }
        return out
    }
}
