import TapedeckCore
import TapedeckProtocol

/// A checkpoint the replay reached, with the state there and what led to it.
public struct CheckpointHit: Sendable {
    /// The checkpoint reached.
    public var checkpoint: Checkpoint
    /// The last record applied before the snapshot (nil when no record was applied yet).
    public var position: RecordPosition?
    /// That record as the replayer decoded it (nil when no record was applied yet).
    public var input: ReplayInput?
    /// That record's payload (the message that led here).
    public var payload: [UInt8]
    /// The model's snapshot at the checkpoint, filtered as the check compares it.
    public var snapshot: JSONValue

    /// "record 12 (t=1.250s), s2c playerObject:" and the message, pretty-printed and cut.
    public var cause: String {
        guard let position, let input else { return "before the first record" }
        var text = "after \(position), \(input.summary)"
        if input.messageType != nil { text += ":\n" + MessageText.pretty(payload, maxLines: 30) }
        return text
    }
}
