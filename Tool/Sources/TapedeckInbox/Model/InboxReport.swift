/// One bug report in the inbox: what the collector read off the uploaded tape's labels, and,
/// once a worker has replayed it, its triage.
package struct InboxReport: Sendable, Equatable {
    /// The first 16 hex digits of `contentHash`: short enough to type, as `inbox pull` takes it.
    package var id: String
    /// SHA-256 of the uploaded bytes, 64 hex digits: a retried upload has the same one, so it is
    /// one report.
    package var contentHash: String
    /// The app whose upload token sent it.
    package var app: String
    /// When the collector stored it: milliseconds since 1970 (UTC), from the collector's clock.
    package var receivedAt: Int64
    /// The tape's labels as the flight recorder writes them (docs/REPRO.md, "Reports from the field").
    package var labels: ReportLabels
    /// The stored (redacted) tape's size in bytes and its record count.
    package var tapeBytes: Int
    package var records: Int
    /// Where the stored tape is, in the blob store.
    package var tapeKey: String { "reports/\(id).tape" }
    /// Nil until a worker has triaged it.
    package var triage: ReportTriage?

    package init(
        id: String, contentHash: String, app: String, receivedAt: Int64, labels: ReportLabels, tapeBytes: Int,
        records: Int, triage: ReportTriage? = nil
    ) {
        self.id = id
        self.contentHash = contentHash
        self.app = app
        self.receivedAt = receivedAt
        self.labels = labels
        self.tapeBytes = tapeBytes
        self.records = records
        self.triage = triage
    }
}
