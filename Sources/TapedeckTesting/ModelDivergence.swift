/// Where two client models first disagree while replaying the same tapes.
public struct ModelDivergence: Sendable, CustomStringConvertible {
    /// The tape file the record is in (nil where one model replayed tapes given as a session).
    public var tape: String?
    /// The record after which they differ: its tape and record numbers and its times; record -1
    /// when they differ before the first record.
    public var position: RecordPosition
    /// What the record was replayed as (a decoded message, an open, a close).
    public var input: ReplayInput
    /// The record's payload: the message that made them differ.
    public var payload: [UInt8]
    /// The first model's snapshot (−) against the second's (+); what they sent when only that differs.
    public var diff: SnapshotDiff
    /// What they sent, when that differs at the same record as the snapshots do.
    public var sendDiff: SnapshotDiff?

    /// A divergence at one record.
    ///
    /// - Parameters:
    ///   - tape: The tape file the record is in; nil by default.
    ///   - position: The record after which they differ.
    ///   - input: What the record was replayed as.
    ///   - payload: The record's payload bytes.
    ///   - diff: The first model's snapshot (−) against the second's (+).
    ///   - sendDiff: What they sent, when that differs at the same record too; nil by default.
    public init(
        tape: String? = nil, position: RecordPosition, input: ReplayInput, payload: [UInt8], diff: SnapshotDiff,
        sendDiff: SnapshotDiff? = nil
    ) {
        self.tape = tape
        self.position = position
        self.input = input
        self.payload = payload
        self.diff = diff
        self.sendDiff = sendDiff
    }

    /// The record and its message (pretty-printed, up to 30 lines), then the diff, and the send
    /// diff when there is one.
    public var description: String {
        let file = tape.map { " of " + ($0.split(separator: "/").last.map(String.init) ?? $0) } ?? ""
        var lines = ["the models differ after \(position)\(file), \(input.summary)"]
        if input.messageType != nil { lines.append(MessageText.pretty(payload, maxLines: 30)) }
        lines.append(diff.text)
        if let sendDiff { lines += ["and what they sent differs too:", sendDiff.text] }
        return lines.joined(separator: "\n")
    }
}
