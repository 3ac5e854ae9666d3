/// The SQL both stores share, and the assembly of its rows into groups.
enum InboxQueries {
    /// One row per signature of triaged reports: id, signature, count, first and last seen, and the
    /// representative's report and shrunk tape (NULL until stored).
    static let groups = """
        SELECT r.group_id, MIN(r.signature), COUNT(*), MIN(r.received_at), MAX(r.received_at),
               MIN(g.representative), MIN(g.shrunk_key)
        FROM inbox_report r LEFT JOIN inbox_group g ON g.id = r.group_id
        WHERE r.state = 'done'
        GROUP BY r.group_id
        """

    /// The distinct (group, version, build) of triaged reports.
    static let groupVersions = """
        SELECT DISTINCT group_id, app_version, app_build FROM inbox_report WHERE state = 'done'
        """

    /// Triaged reports per day; `?` or `$1` is the group, or NULL for all.
    static func dailyCounts(placeholder: String) -> String {
        """
        SELECT received_at / 86400000 AS day, COUNT(*) FROM inbox_report
        WHERE state = 'done' AND (\(placeholder) IS NULL OR group_id = \(placeholder))
        GROUP BY day ORDER BY day
        """
    }

    static func groups(
        _ rows: [(String, String, Int, Int64, Int64, String?, String?)], versions: [(String, String, String)]
    ) -> [InboxGroup] {
        var versionsByGroup: [String: Set<String>] = [:]
        for (group, version, build) in versions {
            versionsByGroup[group, default: []].insert(ReportLabels(appVersion: version, appBuild: build).version)
        }
        return rows.map { row in
            InboxGroup(
                id: row.0, signature: row.1, count: row.2, firstSeen: row.3, lastSeen: row.4,
                versions: (versionsByGroup[row.0] ?? []).sorted(), representative: row.5, shrunkKey: row.6)
        }.sorted { ($0.count, $0.lastSeen, $1.id) > ($1.count, $1.lastSeen, $0.id) }
    }

    /// A LIKE pattern for a report id or its prefix (4 to 16 hex digits); nil for anything else.
    static func idPrefix(_ id: String) -> String? {
        let lowered = id.lowercased()
        guard (4...16).contains(lowered.count), lowered.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        return lowered + "%"
    }
}
