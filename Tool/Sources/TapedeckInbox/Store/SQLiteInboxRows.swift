import GRDB

/// The inbox's rows in one SQLite file: the default, for a laptop (`inbox serve --store DIR`).
/// Several processes may share the file (a collector and `inbox work`): SQLite serializes their
/// writes, and a claim is one `UPDATE … RETURNING`, so two workers never claim one report.
package final class SQLiteInboxRows: InboxRows {
    package let path: String
    private let pool: DatabasePool

    /// Opens (creating if needed) the database at `path` and its tables.
    package init(path: String) throws(InboxError) {
        self.path = path
        var configuration = Configuration()
        // Another process's write holds the lock for milliseconds: wait for it rather than fail.
        configuration.busyMode = .timeout(10)
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { db in
                for statement in InboxSchema.statements(bigint: "INTEGER") { try db.execute(sql: statement) }
            }
        } catch {
            throw InboxError("\(path): cannot open the inbox database: \(error)")
        }
    }

    package func insert(_ report: InboxReport) async throws(InboxError) -> Bool {
        try await write { db in
            let labels = report.labels
            try db.execute(
                sql: """
                    INSERT INTO inbox_report (id, content_hash, app, received_at, device_report_id, kind, note, \
                    app_version, app_build, os, device, tape_bytes, records)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    report.id, report.contentHash, report.app, report.receivedAt, labels.deviceReportID, labels.kind,
                    labels.note, labels.appVersion, labels.appBuild, labels.os, labels.device, report.tapeBytes,
                    report.records,
                ])
            return db.changesCount == 1
        }
    }

    package func report(contentHash: String) async throws(InboxError) -> InboxReport? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(InboxSchema.reportColumns) FROM inbox_report WHERE content_hash = ?",
                arguments: [contentHash]
            ).map(Self.report)
        }
    }

    package func claim(worker: String, now: Int64, leaseUntil: Int64) async throws(InboxError) -> InboxClaim? {
        try await write { db in
            try Row.fetchOne(
                db,
                sql: """
                    UPDATE inbox_report SET state = 'triaging', claimed_by = ?, lease_until = ?, attempts = attempts + 1
                    WHERE id = (SELECT id FROM inbox_report
                                WHERE state = 'waiting' OR (state = 'triaging' AND lease_until < ?)
                                ORDER BY received_at, id LIMIT 1)
                    RETURNING \(InboxSchema.reportColumns), attempts
                    """,
                arguments: [worker, leaseUntil, now]
            ).map { row in InboxClaim(report: Self.report(row), attempt: row[16]) }
        }
    }

    package func finish(reportID: String, worker: String, triage: ReportTriage) async throws(InboxError) -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE inbox_report SET state = 'done', signature = ?, group_id = ?, detail = ?, failure_record = ?,
                    claimed_by = NULL, lease_until = NULL
                    WHERE id = ? AND state = 'triaging' AND claimed_by = ?
                    """,
                arguments: [triage.signature, triage.groupID, triage.detail, triage.record, reportID, worker])
            return db.changesCount == 1
        }
    }

    package func hasRepresentative(groupID: String) async throws(InboxError) -> Bool {
        try await read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM inbox_group WHERE id = ?", arguments: [groupID]) ?? false
        }
    }

    package func setRepresentative(groupID: String, signature: String, reportID: String, shrunkKey: String)
        async throws(InboxError)
    {
        try await write { db in
            try db.execute(
                sql:
                    "INSERT INTO inbox_group (id, signature, representative, shrunk_key) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [groupID, signature, reportID, shrunkKey])
        }
    }

    package func groups() async throws(InboxError) -> [InboxGroup] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: InboxQueries.groups)
            let versions = try Row.fetchAll(db, sql: InboxQueries.groupVersions)
            return InboxQueries.groups(
                rows.map { ($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6]) },
                versions: versions.map { ($0[0], $0[1], $0[2]) })
        }
    }

    package func reports(inGroup groupID: String) async throws(InboxError) -> [InboxReport] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(InboxSchema.reportColumns) FROM inbox_report WHERE group_id = ? ORDER BY received_at DESC, id",
                arguments: [groupID]
            ).map(Self.report)
        }
    }

    package func report(id: String) async throws(InboxError) -> InboxReport? {
        guard let pattern = InboxQueries.idPrefix(id) else { return nil }
        return try await read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(InboxSchema.reportColumns) FROM inbox_report WHERE id LIKE ? ORDER BY id LIMIT 2",
                arguments: [pattern])
            return rows.count == 1 ? Self.report(rows[0]) : nil
        }
    }

    package func dailyCounts(groupID: String?) async throws(InboxError) -> [DailyCount] {
        try await read { db in
            try Row.fetchAll(db, sql: InboxQueries.dailyCounts(placeholder: "?1"), arguments: [groupID]).map {
                DailyCount(day: $0[0], count: $0[1])
            }
        }
    }

    package func queue() async throws(InboxError) -> InboxQueue {
        try await read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT state, COUNT(*) FROM inbox_report GROUP BY state") {
                counts[row[0]] = row[1]
            }
            return InboxQueue(waiting: counts["waiting"] ?? 0, triaging: counts["triaging"] ?? 0, done: counts["done"] ?? 0)
        }
    }

    private static func report(_ row: Row) -> InboxReport {
        let signature: String? = row[13]
        return InboxReport(
            id: row[0], contentHash: row[1], app: row[2], receivedAt: row[3],
            labels: ReportLabels(
                deviceReportID: row[4], kind: row[5], note: row[6], appVersion: row[7], appBuild: row[8], os: row[9],
                device: row[10]),
            tapeBytes: row[11], records: row[12],
            triage: signature.map { ReportTriage(signature: $0, detail: row[14] ?? "", record: row[15]) })
    }

    // GRDB's async access suspends while another connection holds the database; its blocking
    // access would hold a concurrency-pool thread meanwhile (two workers then starved each other).
    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(InboxError) -> T {
        do { return try await pool.read(body) } catch { throw InboxError("\(path): \(error)") }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(InboxError) -> T {
        do { return try await pool.write(body) } catch { throw InboxError("\(path): \(error)") }
    }
}
