import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// The first record after which an invariant did not hold: the replay stops there.
public struct InvariantStop: Sendable {
    public var position: RecordPosition
    public var input: ReplayInput
    public var payload: [UInt8]
    public var violations: [InvariantViolation]
    /// The state before and after the record.
    public var before: JSONValue
    public var after: JSONValue

    /// The names of the broken invariants, e.g. `claimResult.answersClaim`.
    public var names: [String] { violations.map(\.name) }

    public var report: String {
        var lines = [
            "invariant broken at \(position), \(input.summary): "
                + violations.map(\.description).joined(separator: "; ")
        ]
        if input.messageType != nil {
            lines.append("message:")
            lines.append(MessageText.pretty(payload, maxLines: 30))
        }
        if let diff = SnapshotDiff(expected: before, actual: after) {
            lines.append("state before (−) and after (+) the record:")
            lines.append(contentsOf: diff.lines)
        } else {
            lines.append("the record did not change the state")
        }
        return lines.joined(separator: "\n")
    }
}
