import TapedeckReplay
import TapedeckTape

/// A recorded connection that never opened: the upgrade was refused, or the server could not be
/// reached. The recording proxy notes it as an `error` record with no `open` before it
/// (`upgrade failed: upstream answered 503 Service Unavailable`).
public struct RecordedRefusal: Sendable, Equatable {
    /// The note the tape holds.
    public var reason: String
    /// The HTTP status the server answered, when the note names one (nil: it was not reached).
    public var status: Int?

    /// A refusal.
    ///
    /// - Parameters:
    ///   - reason: The `error` record's note.
    ///   - status: The HTTP status the server answered; nil when it was not reached.
    public init(reason: String, status: Int?) {
        self.reason = reason
        self.status = status
    }

    /// The refusal a tape's note records: its status from the note's field (format 1.2), or on an
    /// older tape from its words (`LegacyNote`).
    ///
    /// - Parameter note: The `error` record of a connection that never opened.
    public init(note: TapeRecord) {
        let reason = String(decoding: note.payload, as: UTF8.self)
        self.init(reason: reason, status: note.refusalStatus.map(Int.init) ?? LegacyNote.refusalStatus(reason))
    }
}
