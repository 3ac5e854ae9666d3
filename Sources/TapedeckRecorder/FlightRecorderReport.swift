/// A report `FlightRecorder` sealed: one tape of the last minutes waiting in the recorder's
/// `reports/` folder until the collector acknowledges it.
public struct FlightRecorderReport: Sendable, Equatable {
    /// Why a report was sealed: its `report.kind` label.
    public enum Kind: String, Sendable, Equatable {
        /// The app asked (`FlightRecorder.report(note:)`: a "report a problem" button, a shake).
        case manual
        /// The previous run ended without `stop()`: sealed at the next launch from that run's segments.
        case crash
    }

    /// The report's `report.id` label: a lowercase UUID drawn when it was sealed.
    public var id: String
    /// Why it was sealed.
    public var kind: Kind
    /// The tape in the `reports/` folder; the uploader deletes it once the collector has it.
    public var path: String
    /// How many records the tape holds.
    public var recordCount: Int
    /// The tape's size.
    public var bytes: UInt64
    /// Older undelivered reports dropped for disk space that this report's `report.droppedReports`
    /// label counts (0 when it has none).
    public var droppedReports: Int
}
