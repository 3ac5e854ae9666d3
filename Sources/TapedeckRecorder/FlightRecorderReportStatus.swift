/// Where a `FlightRecorder`'s reports stand: waiting, delivered, refused, dropped (`reportStatus`).
public struct FlightRecorderReportStatus: Sendable, Equatable {
    /// Reports in the `reports/` folder not yet acknowledged by the collector.
    public var pending: Int
    /// Their size together.
    public var pendingBytes: UInt64
    /// Reports this run uploaded and the collector acknowledged (2xx), deleted since.
    public var delivered: Int
    /// Reports this run deleted because the collector refused them for good (400, 413, 415), or
    /// because their file could not be read.
    public var rejected: Int
    /// Undelivered reports this run deleted to stay within `maximumPendingBytes`, oldest first.
    public var droppedReports: Int
    /// Uploads this run that failed and will be retried (401, 5xx and other answers, network errors).
    public var failedAttempts: Int
    /// The last failed or refused upload, in words (status and the collector's message, or the
    /// network error); nil until one fails.
    public var lastFailure: String?

    /// A status with every count given.
    ///
    /// - Parameters:
    ///   - pending: Reports waiting in the folder.
    ///   - pendingBytes: Their size together.
    ///   - delivered: Reports acknowledged this run.
    ///   - rejected: Reports refused for good this run.
    ///   - droppedReports: Reports dropped for disk space this run.
    ///   - failedAttempts: Failed uploads this run.
    ///   - lastFailure: The last failure in words, if any.
    public init(
        pending: Int = 0, pendingBytes: UInt64 = 0, delivered: Int = 0, rejected: Int = 0, droppedReports: Int = 0,
        failedAttempts: Int = 0, lastFailure: String? = nil
    ) {
        self.pending = pending
        self.pendingBytes = pendingBytes
        self.delivered = delivered
        self.rejected = rejected
        self.droppedReports = droppedReports
        self.failedAttempts = failedAttempts
        self.lastFailure = lastFailure
    }
}
