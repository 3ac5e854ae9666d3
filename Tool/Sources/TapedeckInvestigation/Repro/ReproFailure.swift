import TapedeckCore
import TapedeckProtocol
import TapedeckReplay

/// The first failure of a replay, with what a bug report needs around it.
package struct ReproFailure: Sendable {
    package var kind: ReproFailureKind
    /// The record's index among the records replayed (its record number in the tape replayed).
    package var index: Int
    package var position: RecordPosition
    package var input: ReplayInput
    package var payload: [UInt8]
    /// The violations, decode error, golden diff or predicate, as text.
    package var detail: String
    /// The state before and after the record.
    package var before: JSONValue
    package var after: JSONValue
    /// Lines for the few records before it.
    package var context: [String]

    /// The report `tapedeck repro` prints.
    package var report: String {
        var lines = ["failure at \(position): \(kind.signature)", "  " + detail.split(separator: "\n").joined(separator: "\n  ")]
        if !context.isEmpty {
            lines.append("records before:")
            lines += context.map { "  " + $0 }
        }
        lines.append("offending record \(index): \(input.summary)")
        if input.messageType != nil || !payload.isEmpty {
            lines.append(MessageText.pretty(payload, maxLines: 40))
        }
        if let diff = SnapshotDiff(expected: before, actual: after) {
            lines.append("state before (−) and after (+) record \(index):")
            lines += diff.lines
        } else {
            lines.append("the record did not change the state")
        }
        return lines.joined(separator: "\n")
    }
}
