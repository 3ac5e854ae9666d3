/// Where two client models first disagree while replaying the same tapes.
public struct ModelDivergence: Sendable, CustomStringConvertible {
    /// The tape file the record is in (nil where one model replayed tapes given as a session).
    public var tape: String?
    public var position: RecordPosition
    public var input: ReplayInput
    /// The record's payload: the message that made them differ.
    public var payload: [UInt8]
    /// The first model's snapshot (−) against the second's (+); what they sent when only that differs.
    public var diff: SnapshotDiff
    /// What they sent, when that differs at the same record as the snapshots do.
    public var sendDiff: SnapshotDiff?

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

    public var description: String {
        let file = tape.map { " of " + ($0.split(separator: "/").last.map(String.init) ?? $0) } ?? ""
        var lines = ["the models differ after \(position)\(file), \(input.summary)"]
        if input.messageType != nil { lines.append(MessageText.pretty(payload, maxLines: 30)) }
        lines.append(diff.text)
        if let sendDiff { lines += ["and what they sent differs too:", sendDiff.text] }
        return lines.joined(separator: "\n")
    }
}
