import TapedeckTape

/// Why the recorder could not start, write or export, in words for the app's log.
public struct FlightRecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    init(_ error: TapeError) { message = error.description }

    public var description: String { message }
}

/// What `FlightRecorder.export` wrote.
public struct FlightRecorderExport: Sendable, Equatable {
    /// The tape to attach to the bug report.
    public var path: String
    public var recordCount: Int
    /// Records the recorder dropped since it started because its queue was full (also the tape's
    /// `droppedRecords` label; each drop is a marker record where it happened).
    public var droppedRecords: Int
    /// Compressed size of the tape.
    public var bytes: UInt64
}
