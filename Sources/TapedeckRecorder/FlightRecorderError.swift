import TapedeckTape

/// Why the recorder could not start, write or export, in words for the app's log.
public struct FlightRecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and, where it helps, what to change.
    public var message: String

    /// An error with its message.
    ///
    /// - Parameter message: What went wrong, as a sentence for the app's log.
    public init(_ message: String) { self.message = message }

    init(_ error: TapeError) { message = error.description }

    /// The message.
    public var description: String { message }
}

/// What `FlightRecorder.export` wrote.
public struct FlightRecorderExport: Sendable, Equatable {
    /// The tape to attach to the bug report.
    public var path: String
    /// How many records the tape holds, the dropped-record markers included.
    public var recordCount: Int
    /// Records the recorder dropped since it started because its queue was full (also the tape's
    /// `droppedRecords` label; each drop is a marker record where it happened).
    public var droppedRecords: Int
    /// Compressed size of the tape.
    public var bytes: UInt64
}
