/// The first failure `tapedeck repro` finds in the session's tapes, as the report shows it.
package struct ReportFailure: Sendable, Equatable {
    /// Which tape (0 for the first) and the failing record's index in the session.
    package var tape: Int
    package var row: Int
    /// `record 8 (t=8.000s)`.
    package var position: String
    /// `invariant claimResult.answersClaim`, `decode error s2c message.energy: expected integer`...
    package var signature: String
    /// The violations, decode error, golden diff or predicate, as text (several lines).
    package var detail: String
    /// The offending message pretty-printed (cut), or nil for a record without a payload.
    package var message: String?
    /// The state before (−) and after (+) the record, as `SnapshotDiff` lines; nil when unchanged.
    package var stateDiff: [String]?
    /// The records just before and after it, the failing one included.
    package var around: [ReportRow]

    package init(
        tape: Int, row: Int, position: String, signature: String, detail: String, message: String?,
        stateDiff: [String]?, around: [ReportRow]
    ) {
        self.tape = tape
        self.row = row
        self.position = position
        self.signature = signature
        self.detail = detail
        self.message = message
        self.stateDiff = stateDiff
        self.around = around
    }
}
