import PostgresNIO

/// The inbox's rows in PostgreSQL, for a team: several collectors and workers share one database.
/// Workers claim with `FOR UPDATE SKIP LOCKED`, so each skips the reports another is claiming
/// instead of waiting for it.
package final class PostgresInboxRows: InboxRows {
    /// The database, as given (password left out).
    package let location: String
    private let client: PostgresClient
    private let running: Task<Void, Never>

    /// Connects (the client's pool connects lazily; the first query says whether it can) and
    /// creates the tables.
    package init(url: PostgresURL) async throws(InboxError) {
        location = url.description
        client = PostgresClient(configuration: url.configuration)
        running = Task { [client] in await client.run() }
        do {
            for statement in InboxSchema.statements(bigint: "BIGINT") {
                try await client.query(PostgresQuery(unsafeSQL: statement))
            }
        } catch {
            running.cancel()
            throw InboxError("\(location): cannot set up the inbox tables: \(Self.describe(error))")
        }
    }

    /// Closes the pool's connections.
    package func close() { running.cancel() }

    deinit { running.cancel() }

    package func insert(_ report: InboxReport) async throws(InboxError) -> Bool {
        let labels = report.labels
        let rows = try await query(
            """
            INSERT INTO inbox_report (id, content_hash, app, received_at, device_report_id, kind, note,
            app_version, app_build, os, device, tape_bytes, records)
            VALUES (\(report.id), \(report.contentHash), \(report.app), \(report.receivedAt), \(labels.deviceReportID),
            \(labels.kind), \(labels.note), \(labels.appVersion), \(labels.appBuild), \(labels.os), \(labels.device),
            \(Int64(report.tapeBytes)), \(Int64(report.records)))
            ON CONFLICT DO NOTHING RETURNING id
            """)
        return rows.count == 1
    }

    package func report(contentHash: String) async throws(InboxError) -> InboxReport? {
        try await query(
            "SELECT \(unescaped: InboxSchema.reportColumns) FROM inbox_report WHERE content_hash = \(contentHash)"
        ).first.map(Self.report)
    }

    package func claim(worker: String, now: Int64, leaseUntil: Int64) async throws(InboxError) -> InboxClaim? {
        let rows = try await query(
            """
            UPDATE inbox_report SET state = 'triaging', claimed_by = \(worker), lease_until = \(leaseUntil),
            attempts = attempts + 1
            WHERE id = (SELECT id FROM inbox_report
                        WHERE state = 'waiting' OR (state = 'triaging' AND lease_until < \(now))
                        ORDER BY received_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: InboxSchema.reportColumns), attempts
            """)
        return try rows.first.map { row throws(InboxError) in
            InboxClaim(report: try Self.report(row), attempt: Int(try Self.cell(row, 16, Int32.self)))
        }
    }

    package func finish(reportID: String, worker: String, triage: ReportTriage) async throws(InboxError) -> Bool {
        let record = triage.record.map(Int64.init)
        let rows = try await query(
            """
            UPDATE inbox_report SET state = 'done', signature = \(triage.signature), group_id = \(triage.groupID),
            detail = \(triage.detail), failure_record = \(record), claimed_by = NULL, lease_until = NULL
            WHERE id = \(reportID) AND state = 'triaging' AND claimed_by = \(worker)
            RETURNING id
            """)
        return rows.count == 1
    }

    package func hasRepresentative(groupID: String) async throws(InboxError) -> Bool {
        try await !query("SELECT 1 FROM inbox_group WHERE id = \(groupID)").isEmpty
    }

    package func setRepresentative(groupID: String, signature: String, reportID: String, shrunkKey: String)
        async throws(InboxError)
    {
        _ = try await query(
            """
            INSERT INTO inbox_group (id, signature, representative, shrunk_key)
            VALUES (\(groupID), \(signature), \(reportID), \(shrunkKey)) ON CONFLICT DO NOTHING
            """)
    }

    package func groups() async throws(InboxError) -> [InboxGroup] {
        let rows = try await query(PostgresQuery(unsafeSQL: InboxQueries.groups))
        let versions = try await query(PostgresQuery(unsafeSQL: InboxQueries.groupVersions))
        return InboxQueries.groups(
            try rows.map { row throws(InboxError) in
                (
                    try Self.cell(row, 0, String.self), try Self.cell(row, 1, String.self),
                    Int(try Self.cell(row, 2, Int64.self)), try Self.cell(row, 3, Int64.self),
                    try Self.cell(row, 4, Int64.self), try Self.cell(row, 5, String?.self),
                    try Self.cell(row, 6, String?.self)
                )
            },
            versions: try versions.map { row throws(InboxError) in
                (try Self.cell(row, 0, String.self), try Self.cell(row, 1, String.self), try Self.cell(row, 2, String.self))
            })
    }

    package func reports(inGroup groupID: String) async throws(InboxError) -> [InboxReport] {
        try await query(
            """
            SELECT \(unescaped: InboxSchema.reportColumns) FROM inbox_report WHERE group_id = \(groupID)
            ORDER BY received_at DESC, id
            """
        ).map(Self.report)
    }

    package func report(id: String) async throws(InboxError) -> InboxReport? {
        guard let pattern = InboxQueries.idPrefix(id) else { return nil }
        let rows = try await query(
            "SELECT \(unescaped: InboxSchema.reportColumns) FROM inbox_report WHERE id LIKE \(pattern) ORDER BY id LIMIT 2")
        return rows.count == 1 ? try Self.report(rows[0]) : nil
    }

    package func dailyCounts(groupID: String?) async throws(InboxError) -> [DailyCount] {
        var bindings = PostgresBindings()
        bindings.append(groupID)
        let rows = try await query(PostgresQuery(unsafeSQL: InboxQueries.dailyCounts(placeholder: "$1::text"), binds: bindings))
        return try rows.map { row throws(InboxError) in
            DailyCount(day: try Self.cell(row, 0, Int64.self), count: Int(try Self.cell(row, 1, Int64.self)))
        }
    }

    package func queue() async throws(InboxError) -> InboxQueue {
        var counts: [String: Int] = [:]
        for row in try await query("SELECT state, COUNT(*) FROM inbox_report GROUP BY state") {
            counts[try Self.cell(row, 0, String.self)] = Int(try Self.cell(row, 1, Int64.self))
        }
        return InboxQueue(waiting: counts["waiting"] ?? 0, triaging: counts["triaging"] ?? 0, done: counts["done"] ?? 0)
    }

    private func query(_ query: PostgresQuery) async throws(InboxError) -> [PostgresRandomAccessRow] {
        do {
            return try await client.query(query).collect().map { $0.makeRandomAccess() }
        } catch {
            throw InboxError("\(location): \(Self.describe(error))")
        }
    }

    private static func report(_ row: PostgresRandomAccessRow) throws(InboxError) -> InboxReport {
        let signature = try cell(row, 13, String?.self)
        let record = try cell(row, 15, Int64?.self)
        return InboxReport(
            id: try cell(row, 0, String.self), contentHash: try cell(row, 1, String.self), app: try cell(row, 2, String.self),
            receivedAt: try cell(row, 3, Int64.self),
            labels: ReportLabels(
                deviceReportID: try cell(row, 4, String.self), kind: try cell(row, 5, String.self),
                note: try cell(row, 6, String.self), appVersion: try cell(row, 7, String.self),
                appBuild: try cell(row, 8, String.self), os: try cell(row, 9, String.self),
                device: try cell(row, 10, String.self)),
            tapeBytes: Int(try cell(row, 11, Int64.self)), records: Int(try cell(row, 12, Int64.self)),
            triage: try signature.map { signature throws(InboxError) in
                ReportTriage(signature: signature, detail: try cell(row, 14, String?.self) ?? "", record: record.map(Int.init))
            })
    }

    private static func cell<T: PostgresDecodable>(_ row: PostgresRandomAccessRow, _ index: Int, _ type: T.Type)
        throws(InboxError) -> T
    {
        do { return try row[index].decode(type) } catch {
            throw InboxError("column \(index) of an inbox row is not \(type): \(describe(error))")
        }
    }

    /// postgres-nio hides the server's message from `description` (it may hold data); the inbox's
    /// own statements hold none, and the message is what says what to do.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return "PostgreSQL: " + message }
            return "PostgreSQL: \(error.code)" + (error.underlying.map { " (\($0))" } ?? "")
        }
        return "\(error)"
    }
}
