import GRDB

/// A row of the `tapeType` table: how many messages of one envelope type a tape holds in one
/// direction, so `tapedeck ls --type` can filter without reading tapes.
public struct TapeTypeRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "tapeType"

    public var id: Int64?
    /// The tape's path as in the `tape` table.
    public var tapePath: String
    /// `c2s` or `s2c`.
    public var direction: String
    /// The envelope's `type`.
    public var type: String
    public var count: Int

    public init(id: Int64? = nil, tapePath: String, direction: String, type: String, count: Int) {
        self.id = id; self.tapePath = tapePath; self.direction = direction; self.type = type; self.count = count
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
