import GRDB

/// A row of the `tape` table: what a recorded tape holds. The recording proxy adds one per tape;
/// `TapeScanner` builds one from a tape file (for `catalog rebuild`, and for `check`).
package struct TapeRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "tape"

    package var id: Int64?
    /// The tape's path relative to the catalog's folder (or as given when outside it).
    package var path: String
    /// Lowercase hex SHA-256 of the tape file's bytes.
    package var sha256: String
    /// Wall time recording started (the tape header's `created`, RFC 3339 UTC).
    package var startedAt: String
    /// `startedAt` plus the tape's duration, when `startedAt` parses.
    package var endedAt: String?
    package var upstream: String?
    package var clientAddress: String?
    /// The header's labels as a JSON object with sorted keys.
    package var labels: String
    package var recordCount: Int
    /// Text records (WebSocket messages) both ways.
    package var messageCount: Int
    package var compressedBytes: Int64
    package var uncompressedBytes: Int64
    package var durationNanoseconds: Int64
    /// The app version, from the `appVersion` label when the recorder set one.
    package var appVersion: String?
    /// The tool that wrote the tape.
    package var tool: String
    /// False when the tape is truncated or damaged.
    package var complete: Bool

    package init(
        id: Int64? = nil, path: String, sha256: String, startedAt: String, endedAt: String? = nil,
        upstream: String? = nil, clientAddress: String? = nil, labels: String = "{}", recordCount: Int,
        messageCount: Int, compressedBytes: Int64, uncompressedBytes: Int64, durationNanoseconds: Int64,
        appVersion: String? = nil, tool: String, complete: Bool
    ) {
        self.id = id
        self.path = path
        self.sha256 = sha256
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.upstream = upstream
        self.clientAddress = clientAddress
        self.labels = labels
        self.recordCount = recordCount
        self.messageCount = messageCount
        self.compressedBytes = compressedBytes
        self.uncompressedBytes = uncompressedBytes
        self.durationNanoseconds = durationNanoseconds
        self.appVersion = appVersion
        self.tool = tool
        self.complete = complete
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
