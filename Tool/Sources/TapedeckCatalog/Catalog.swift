import GRDB

/// The SQLite catalog of tapes and check results (schema in docs/REPLAY.md, "Catalog").
/// Safe to share between threads: GRDB's queue serializes access.
package final class Catalog: Sendable {
    package let path: String
    private let queue: DatabaseQueue
    var databaseQueue: DatabaseQueue { queue }

    /// Opens (creating if needed) the catalog at `path` and brings its schema up to date.
    package init(path: String) throws(CatalogError) {
        self.path = path
        do {
            queue = try DatabaseQueue(path: path)
            try CatalogMigrations.migrator.migrate(queue)
        } catch {
            throw CatalogError(path: path, reason: "\(error)")
        }
    }

    /// The migrations applied, oldest first.
    package func appliedMigrations() throws(CatalogError) -> [String] {
        try read { db in try CatalogMigrations.migrator.appliedMigrations(db) }
    }

    /// Adds the tape, or replaces the row with the same path.
    package func upsert(_ tape: TapeRow) throws(CatalogError) {
        try write { db in
            var row = tape
            if let existing = try TapeRow.filter(Column("path") == tape.path).fetchOne(db) { row.id = existing.id }
            try row.save(db)
        }
    }

    package func tape(path: String) throws(CatalogError) -> TapeRow? {
        try read { db in try TapeRow.filter(Column("path") == path).fetchOne(db) }
    }

    /// Stores the results of one run under the next run number, which it returns.
    @discardableResult
    package func record(_ results: [CheckResultRow]) throws(CatalogError) -> Int {
        try write { db in
            let last = try Int.fetchOne(db, sql: "SELECT MAX(run) FROM checkResult") ?? 0
            for result in results {
                var row = result
                row.run = last + 1
                row.id = nil
                try row.insert(db)
            }
            return last + 1
        }
    }

    /// Every result for a tape, newest run first.
    package func results(tapePath: String) throws(CatalogError) -> [CheckResultRow] {
        try read { db in
            try CheckResultRow.filter(Column("tapePath") == tapePath)
                .order(Column("run").desc, Column("id").asc).fetchAll(db)
        }
    }

    /// The history of every checkpoint of a tape (checkpoints in the order of their latest run).
    package func history(tapePath: String) throws(CatalogError) -> [CheckpointHistory] {
        let rows = try results(tapePath: tapePath)
        var order: [String] = []
        var byCheckpoint: [String: [CheckResultRow]] = [:]
        for row in rows {
            if byCheckpoint[row.checkpoint] == nil { order.append(row.checkpoint) }
            byCheckpoint[row.checkpoint, default: []].append(row)
        }
        return order.map { CheckpointHistory(checkpoint: $0, runs: byCheckpoint[$0] ?? []) }
    }

    /// Tape paths with results, sorted.
    package func checkedTapePaths() throws(CatalogError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT DISTINCT tapePath FROM checkResult ORDER BY tapePath") }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(CatalogError) -> T {
        do { return try queue.read(body) } catch { throw CatalogError(path: path, reason: "\(error)") }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(CatalogError) -> T {
        do { return try queue.write(body) } catch { throw CatalogError(path: path, reason: "\(error)") }
    }
}
