import GRDB

/// A row of the `checkResult` table: one verdict of one `tapedeck check` run.
package struct CheckResultRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "checkResult"

    package var id: Int64?
    /// The run: every `Catalog.record` call gets the next number, shared by all its results.
    package var run: Int
    package var tapePath: String
    /// A checkpoint name, or `invariants` / `tape`.
    package var checkpoint: String
    package var passed: Bool
    /// The digest of the state judged, when there was one.
    package var digest: String?
    package var toolVersion: String
    /// What the run was (`--label`, e.g. a commit or a build number).
    package var label: String?
    /// When the run happened (RFC 3339 UTC), passed in by the caller: the catalog reads no clock.
    package var runAt: String
    /// The first line of the failure, or empty.
    package var detail: String

    package init(
        id: Int64? = nil, run: Int = 0, tapePath: String, checkpoint: String, passed: Bool, digest: String? = nil,
        toolVersion: String, label: String? = nil, runAt: String, detail: String = ""
    ) {
        self.id = id
        self.run = run
        self.tapePath = tapePath
        self.checkpoint = checkpoint
        self.passed = passed
        self.digest = digest
        self.toolVersion = toolVersion
        self.label = label
        self.runAt = runAt
        self.detail = detail
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
