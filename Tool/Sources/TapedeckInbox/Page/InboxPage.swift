import TapedeckInvestigation

/// The team's pages: the groups by count or recency with reports per day, one group's reports,
/// one report. Plain HTML with inline style, no script, nothing loaded from elsewhere.
package enum InboxPage {
    /// The groups, most reports first (or most recent first when `recent`), under a chart of the
    /// last 30 days and the triage queue.
    package static func groups(_ groups: [InboxGroup], daily: [DailyCount], queue: InboxQueue, today: Int64, recent: Bool)
        -> String
    {
        let ordered = recent ? groups.sorted { ($0.lastSeen, $1.id) > ($1.lastSeen, $0.id) } : groups
        var rows = ""
        for group in ordered {
            rows += """
                <tr class="group" data-group="\(group.id)"><td class="count">\(group.count)</td>\
                <td><a href="/groups/\(group.id)">\(escape(group.signature))</a></td>\
                <td>\(escape(group.versions.joined(separator: ", ")))</td>\
                <td>\(UTCTime.minute(milliseconds: group.firstSeen))</td><td>\(UTCTime.minute(milliseconds: group.lastSeen))</td>\
                <td>\(group.shrunkKey == nil ? "" : "<a href=\"/groups/\(group.id)/shrunk.tape\">shrunk tape</a>")</td></tr>
                """
        }
        let sorting =
            recent
            ? "<a href=\"/\">by count</a> · <b>by recency</b>" : "<b>by count</b> · <a href=\"/?sort=recent\">by recency</a>"
        return layout(
            title: "Tapedeck inbox",
            body: """
                <h1>Reports from the field</h1>
                <p class="queue">\(queue.total) reports: \(queue.done) triaged, \(queue.triaging) being triaged, \
                \(queue.waiting) waiting.</p>
                <h2>Reports per day</h2>
                \(DailyChart.svg(daily, today: today))
                <h2>\(groups.count) group\(groups.count == 1 ? "" : "s") by first failure</h2>
                <p class="sort">\(sorting)</p>
                <table id="groups"><thead><tr><th>reports</th><th>first failure</th><th>app versions</th>\
                <th>first seen</th><th>last seen</th><th></th></tr></thead><tbody>
                \(rows)</tbody></table>
                """)
    }

    /// One group: its signature, chart and reports, newest first.
    package static func group(_ group: InboxGroup, reports: [InboxReport], daily: [DailyCount], today: Int64) -> String {
        var rows = ""
        for report in reports {
            rows += """
                <tr class="report" data-report="\(report.id)"><td><a href="/reports/\(report.id)">\(report.id)</a></td>\
                <td>\(UTCTime.minute(milliseconds: report.receivedAt))</td><td>\(escape(report.labels.version))</td>\
                <td>\(escape(report.labels.device)) \(escape(report.labels.os))</td><td>\(escape(report.labels.kind))</td>\
                <td>\(escape(report.labels.note))</td></tr>
                """
        }
        let shrunk =
            group.shrunkKey.map { _ in
                """
                <p>Shrunk tape (from report <a href="/reports/\(group.representative ?? "")">\(group.representative ?? "")</a>): \
                <a href="/groups/\(group.id)/shrunk.tape">download</a>, then <code>tapedeck repro \(group.id).shrunk.tape</code>.</p>
                """
            } ?? "<p>No shrunk tape yet.</p>"
        return layout(
            title: "\(group.signature) — Tapedeck inbox",
            body: """
                <p><a href="/">← all groups</a></p>
                <h1 class="signature">\(escape(group.signature))</h1>
                <p>\(group.count) report\(group.count == 1 ? "" : "s") from \(UTCTime.minute(milliseconds: group.firstSeen)) \
                to \(UTCTime.minute(milliseconds: group.lastSeen)); app versions \(escape(group.versions.joined(separator: ", "))).</p>
                \(shrunk)
                \(DailyChart.svg(daily, today: today))
                <table id="reports"><thead><tr><th>report</th><th>received</th><th>app version</th><th>device</th>\
                <th>kind</th><th>note</th></tr></thead><tbody>
                \(rows)</tbody></table>
                """)
    }

    /// One report: what the device said, what triage found, its tape and its session report.
    package static func report(_ report: InboxReport) -> String {
        let labels = report.labels
        let triage =
            report.triage.map { triage in
                """
                <h2>First failure</h2><p><a href="/groups/\(triage.groupID)" class="signature">\(escape(triage.signature))</a>\
                \(triage.record.map { " at record \($0)" } ?? "")</p><pre>\(escape(triage.detail))</pre>
                """
            } ?? "<p>Not triaged yet.</p>"
        let facts: [(String, String)] = [
            ("received", UTCTime.minute(milliseconds: report.receivedAt)), ("app", report.app),
            ("app version", labels.version), ("device", labels.device), ("OS", labels.os), ("kind", labels.kind),
            ("device's report id", labels.deviceReportID), ("note", labels.note),
            ("tape", "\(report.records) records, \(report.tapeBytes) bytes"),
        ]
        let list = facts.map { "<dt>\($0.0)</dt><dd>\(escape($0.1))</dd>" }.joined()
        return layout(
            title: "Report \(report.id) — Tapedeck inbox",
            body: """
                <p><a href="/">← all groups</a></p>
                <h1>Report \(report.id)</h1>
                <dl>\(list)</dl>
                \(triage)
                <p><a href="/reports/\(report.id)/report.html">Session report</a> · \
                <a href="/reports/\(report.id)/tape">download the tape</a> · <code>tapedeck inbox pull \(report.id)</code></p>
                """)
    }

    /// The form that asks for the read token (answered with 401).
    package static func login(wrongToken: Bool) -> String {
        layout(
            title: "Tapedeck inbox",
            body: """
                <h1>Tapedeck inbox</h1>
                \(wrongToken ? "<p class=\"error\">That is not a read token of this inbox.</p>" : "")
                <form method="post" action="/login"><input type="hidden" name="username" autocomplete="username" value="team"><label>Read token <input type="password" name="token" \
                autocomplete="current-password" autofocus></label> <button type="submit">Open</button></form>
                <p>The token is a <code>read</code> line of the inbox's tokens file.</p>
                """)
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }

    private static func layout(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1d1d1f; }
        table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3em .6em; border-bottom: 1px solid #ddd; vertical-align: top; }
        td.count { font-weight: 600; text-align: right; } .chart .bar { fill: #3b6fd8; } .chart text { font-size: 10px; fill: #666; }
        pre { background: #f5f5f7; padding: .8em; overflow-x: auto; } dt { font-weight: 600; } dd { margin: 0 0 .4em 0; }
        .error { color: #b00020; } code { background: #f5f5f7; padding: 0 .2em; }
        </style></head><body>
        \(body)
        </body></html>
        """
    }
}
