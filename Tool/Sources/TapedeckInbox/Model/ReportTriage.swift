/// What a worker found when it replayed a report: the signature of its first failure (what
/// groups reports), its detail, and where.
package struct ReportTriage: Sendable, Equatable {
    /// The signature reports are grouped by (`decode error c2s message.amount: expected integer`,
    /// `invariant energy-in-range`, `no failure found`).
    package var signature: String
    /// The failure's detail as `tapedeck repro` words it; for no failure, what was replayed.
    package var detail: String
    /// The failing record's index in the stored tape; nil when nothing failed.
    package var record: Int?

    /// The signature of a report whose replay found nothing wrong: these are grouped together and
    /// read by their notes.
    package static let noFailure = "no failure found"

    package init(signature: String, detail: String, record: Int?) {
        self.signature = signature
        self.detail = detail
        self.record = record
    }

    /// The group a signature belongs to: the first 12 hex digits of its SHA-256, stable across
    /// collectors, workers and stores.
    package static func groupID(of signature: String) -> String {
        String(HexDigest.sha256(Array(signature.utf8)).prefix(12))
    }

    /// This report's group.
    package var groupID: String { Self.groupID(of: signature) }
}
