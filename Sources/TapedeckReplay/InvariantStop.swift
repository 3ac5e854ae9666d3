import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// The first record after which an invariant did not hold: the replay stops there.
public struct InvariantStop: Sendable {
    /// Where the record after which the invariants broke sits in the session.
    public var position: RecordPosition
    /// The record as the replayer decoded it.
    public var input: ReplayInput
    /// The record's payload bytes as the tape holds them (a message's JSON text).
    public var payload: [UInt8]
    /// The rules that did not hold after the record, the model's then the stream's.
    public var violations: [InvariantViolation]
    /// The state before and after the record.
    public var before: JSONValue
    /// The state after the record, filtered like every snapshot.
    public var after: JSONValue

    /// The names of the broken invariants, e.g. `claimResult.answersClaim`.
    public var names: [String] { violations.map(\.name) }

    /// The report of the stop: where, what record, which rules, the message and the state's change across the record.
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
