/// The inbox's tables, as both stores create them: one row per report, one per group that has a
/// representative. Group counts are queries over `report`, never counters, so two collectors
/// and two workers cannot make them drift.
enum InboxSchema {
    /// The columns a report row is read from, in the order `ReportColumns` decodes them.
    static let reportColumns = """
        id, content_hash, app, received_at, device_report_id, kind, note, app_version, app_build, os, device, \
        tape_bytes, records, signature, detail, failure_record
        """

    /// Statements that create the tables; `blob` is the store's binary type only in name.
    static func statements(bigint: String) -> [String] {
        [
            """
            CREATE TABLE IF NOT EXISTS inbox_report (
              id TEXT PRIMARY KEY,
              content_hash TEXT NOT NULL UNIQUE,
              app TEXT NOT NULL,
              received_at \(bigint) NOT NULL,
              device_report_id TEXT NOT NULL,
              kind TEXT NOT NULL,
              note TEXT NOT NULL,
              app_version TEXT NOT NULL,
              app_build TEXT NOT NULL,
              os TEXT NOT NULL,
              device TEXT NOT NULL,
              tape_bytes \(bigint) NOT NULL,
              records \(bigint) NOT NULL,
              state TEXT NOT NULL DEFAULT 'waiting',
              claimed_by TEXT,
              lease_until \(bigint),
              attempts INTEGER NOT NULL DEFAULT 0,
              signature TEXT,
              group_id TEXT,
              detail TEXT,
              failure_record \(bigint)
            )
            """,
            "CREATE INDEX IF NOT EXISTS inbox_report_state ON inbox_report (state, received_at)",
            "CREATE INDEX IF NOT EXISTS inbox_report_group ON inbox_report (group_id, received_at)",
            """
            CREATE TABLE IF NOT EXISTS inbox_group (
              id TEXT PRIMARY KEY,
              signature TEXT NOT NULL,
              representative TEXT NOT NULL,
              shrunk_key TEXT NOT NULL
            )
            """,
        ]
    }

    /// A claim's attempts after which the report is done as a triage failure instead of claimed
    /// again: a tape that kills its worker must not kill every worker in turn.
    static let maximumAttempts = 3
}
