import GRDB

/// The recording side of the catalog: tapes with their message types, listing with filters,
/// labels, and removal of tapes whose files are gone.
extension Catalog {
    /// Adds or replaces the tape's row and its message-type counts in one transaction.
    package func upsert(_ tape: TapeRow, types: [TapeTypeRow]) throws(CatalogError) {
        try writeTransaction { db in
            var row = tape
            if let existing = try TapeRow.filter(Column("path") == tape.path).fetchOne(db) { row.id = existing.id }
            try row.save(db)
            try TapeTypeRow.filter(Column("tapePath") == tape.path).deleteAll(db)
            for type in types {
                var typeRow = type
                typeRow.id = nil
                typeRow.tapePath = tape.path
                try typeRow.insert(db)
            }
        }
    }

    /// Every tape row, oldest start first (then by path).
    package func tapes() throws(CatalogError) -> [TapeRow] {
        try readTransaction { db in try TapeRow.order(Column("startedAt"), Column("path")).fetchAll(db) }
    }

    /// Paths of tapes holding at least one message of `type` (in `direction`, when given).
    package func tapePaths(withType type: String, direction: String? = nil) throws(CatalogError) -> Set<String> {
        try readTransaction { db in
            var request = TapeTypeRow.filter(Column("type") == type)
            if let direction { request = request.filter(Column("direction") == direction) }
            return Set(try request.fetchAll(db).map(\.tapePath))
        }
    }

    package func types(tapePath: String) throws(CatalogError) -> [TapeTypeRow] {
        try readTransaction { db in
            try TapeTypeRow.filter(Column("tapePath") == tapePath).order(Column("direction"), Column("type")).fetchAll(db)
        }
    }

    /// Removes a tape's row and its type counts.
    package func removeTape(path: String) throws(CatalogError) {
        try writeTransaction { db in
            try TapeRow.filter(Column("path") == path).deleteAll(db)
            try TapeTypeRow.filter(Column("tapePath") == path).deleteAll(db)
        }
    }

    private func readTransaction<T>(_ body: (Database) throws -> T) throws(CatalogError) -> T {
        do { return try databaseQueue.read(body) } catch { throw CatalogError(path: path, reason: "\(error)") }
    }

    private func writeTransaction<T>(_ body: (Database) throws -> T) throws(CatalogError) -> T {
        do { return try databaseQueue.write(body) } catch { throw CatalogError(path: path, reason: "\(error)") }
    }
}
