/// Where two client models first disagree while replaying the same tapes.
public struct ModelDivergence: Sendable, CustomStringConvertible {
    public var position: RecordPosition
    public var input: ReplayInput
    /// The record's payload: the message that made them differ.
    public var payload: [UInt8]
    /// The first model's snapshot (−) against the second's (+).
    public var diff: SnapshotDiff

    public var description: String {
        var lines = ["the models differ after \(position), \(input.summary)"]
        if input.messageType != nil { lines.append(MessageText.pretty(payload, maxLines: 30)) }
        lines.append(diff.text)
        return lines.joined(separator: "\n")
    }
}
