import GRDB

/// The catalog's schema, one migration at a time. A migration that has shipped is never edited:
/// change the schema by adding a new one at the end.
enum CatalogMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: tape and checkResult") { db in
            try db.create(table: TapeRow.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("path", .text).notNull().unique()
                table.column("sha256", .text).notNull()
                table.column("startedAt", .text).notNull()
                table.column("endedAt", .text)
                table.column("upstream", .text)
                table.column("clientAddress", .text)
                table.column("labels", .text).notNull().defaults(to: "{}")
                table.column("recordCount", .integer).notNull()
                table.column("messageCount", .integer).notNull()
                table.column("compressedBytes", .integer).notNull()
                table.column("uncompressedBytes", .integer).notNull()
                table.column("durationNanoseconds", .integer).notNull()
                table.column("appVersion", .text)
                table.column("tool", .text).notNull()
                table.column("complete", .boolean).notNull()
            }
            try db.create(table: CheckResultRow.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("run", .integer).notNull()
                table.column("tapePath", .text).notNull()
                table.column("checkpoint", .text).notNull()
                table.column("passed", .boolean).notNull()
                table.column("digest", .text)
                table.column("toolVersion", .text).notNull()
                table.column("label", .text)
                table.column("runAt", .text).notNull()
                table.column("detail", .text).notNull().defaults(to: "")
            }
            try db.create(
                index: "checkResult_tapePath_checkpoint", on: CheckResultRow.databaseTableName,
                columns: ["tapePath", "checkpoint", "run"])
        }
        migrator.registerMigration("v2: tapeType") { db in
            try db.create(table: TapeTypeRow.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("tapePath", .text).notNull()
                table.column("direction", .text).notNull()
                table.column("type", .text).notNull()
                table.column("count", .integer).notNull()
            }
            try db.create(index: "tapeType_type", on: TapeTypeRow.databaseTableName, columns: ["type", "direction"])
            try db.create(index: "tapeType_tapePath", on: TapeTypeRow.databaseTableName, columns: ["tapePath"])
        }
        return migrator
    }
}
