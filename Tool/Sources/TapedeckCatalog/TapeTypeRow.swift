import GRDB

/// A row of the `tapeType` table: how many messages of one envelope type a tape holds in one
/// direction, so `tapedeck ls --type` can filter without reading tapes.
package struct TapeTypeRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "tapeType"

    package var id: Int64?
    /// The tape's path as in the `tape` table.
    package var tapePath: String
    /// `c2s` or `s2c`.
    package var direction: String
    /// The envelope's `type`.
    package var type: String
    package var count: Int

    package init(id: Int64? = nil, tapePath: String, direction: String, type: String, count: Int) {
        self.id = id
        self.tapePath = tapePath
        self.direction = direction
        self.type = type
        self.count = count
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
