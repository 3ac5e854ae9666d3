import TapedeckCore
import TapedeckReplay

/// Renders a `SessionReport` as one self-contained HTML page: inline CSS and script, charts drawn
/// by the page's own script on `<canvas>`, no request to anything outside the page (its Content
/// Security Policy forbids them). Everything taken from the tapes is escaped (`HTMLText`).
/// The same report always renders to the same bytes.
package enum ReportPage {
    /// The chart series: state field, title, colour.
    static let series: [(key: String, field: String, title: String, color: String)] = [
        ("energy", "gameState.energy", "Energy", "#00a36c"),
        ("money", "gameState.money", "Money", "#c98a00"),
        ("diamonds", "gameState.diamonds", "Diamonds", "#1b83c5"),
    ]

    package static func render(_ report: SessionReport) -> String {
        var page = Builder()
        let names = report.tapes.map { HTMLText.fileName($0.path) }.joined(separator: ", ")
        page.add("<!DOCTYPE html>")
        page.add("<html lang=\"en\">")
        page.add("<head>")
        page.add("<meta charset=\"utf-8\">")
        page.add(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        )
        page.add("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.add("<title>Tapedeck report: \(HTMLText.escape(names))</title>")
        page.add("<script>\(ReportScript.errorHook)</script>")
        page.add("<style>\(ReportStyle.css)</style>")
        page.add("</head>")
        page.add("<body>")
        header(report, names: names, into: &page)
        failure(report, into: &page)
        checkpoints(report, into: &page)
        connections(report, into: &page)
        charts(report, into: &page)
        timeline(report, into: &page)
        coverage(report, into: &page)
        page.add("<ol id=\"js-errors\" hidden></ol>")
        page.add(
            "<script type=\"application/json\" id=\"report-data\">\(HTMLText.scriptJSON(ReportPageData.json(report)))</script>")
        page.add("<script>\(ReportScript.main)</script>")
        page.add("</body>")
        page.add("</html>")
        return page.text
    }

    struct Builder {
        var text = ""
        mutating func add(_ line: String) {
            text += line
            text += "\n"
        }
    }

    static func tapeLabel(_ report: SessionReport, _ tape: Int) -> String {
        report.tapes.count > 1 ? "tape \(tape + 1) (\(HTMLText.escape(HTMLText.fileName(report.tapes[tape].path)))), " : ""
    }

    // MARK: Header

    static func header(_ report: SessionReport, names: String, into page: inout Builder) {
        let verdict =
            report.failure == nil ? "<span class=\"badge ok\">no failure</span>" : "<span class=\"badge fail\">failure</span>"
        page.add("<header>")
        page.add("<h1>Tapedeck report: \(HTMLText.escape(names)) \(verdict)</h1>")
        let messages = report.tapes.reduce(0) { $0 + $1.messages }
        page.add(
            "<p class=\"lead\">\(report.tapes.count == 1 ? "One tape" : "\(report.tapes.count) tapes replayed as one session"), "
                + "\(HTMLText.count(report.recordCount)) records, \(HTMLText.count(messages)) messages. "
                + "Final state digest <code id=\"final-digest\">\(report.finalDigest)</code> (SHA-256 of the canonical snapshot, as <code>tapedeck replay</code> prints it).</p>"
        )
        page.add("<table class=\"meta\">")
        page.add(
            "<thead><tr><th>tape</th><th>created</th><th>labels</th><th>upstream</th><th>tool</th><th>records</th><th>messages</th><th>duration</th><th>end</th></tr></thead>"
        )
        page.add("<tbody>")
        for tape in report.tapes {
            let labels = tape.labels.isEmpty ? "—" : tape.labels.map(HTMLText.escape).joined(separator: "<br>")
            page.add(
                "<tr><td><code>\(HTMLText.escape(tape.path))</code></td><td>\(HTMLText.escape(tape.created))</td><td>\(labels)</td>"
                    + "<td>\(HTMLText.escape(tape.upstream ?? "—"))</td><td>\(HTMLText.escape(tape.tool))</td>"
                    + "<td class=\"num\">\(HTMLText.count(tape.records))</td><td class=\"num\">\(HTMLText.count(tape.messages))</td>"
                    + "<td class=\"num\">\(DurationText.seconds(tape.duration))</td>"
                    + "<td class=\"\(tape.end == "complete" ? "" : "warn")\">\(HTMLText.escape(tape.end))</td></tr>")
        }
        page.add("</tbody></table>")
        page.add(
            "<nav><a href=\"#failure\">failure</a> · <a href=\"#checkpoints\">checkpoints</a> · <a href=\"#connections\">connections</a> · <a href=\"#charts\">charts</a> · <a href=\"#timeline\">timeline</a></nav>"
        )
        page.add("</header>")
    }

    // MARK: Failure

    static func failure(_ report: SessionReport, into page: inout Builder) {
        page.add("<section id=\"failure\">")
        guard let failure = report.failure else {
            page.add("<h2>First failure</h2>")
            let predicate = report.predicate.map { ", and <code>\(HTMLText.escape($0))</code> never became true" } ?? ""
            page.add(
                "<p class=\"ok-text\">None: no invariant broke, every message decoded and no checkpoint differs from its golden\(predicate) "
                    + "(the failures <code>tapedeck repro</code> looks for).</p>")
            page.add("</section>")
            return
        }
        page.add("<h2>First failure <span class=\"badge fail\">\(HTMLText.escape(failure.signature))</span></h2>")
        page.add(
            "<p>At \(tapeLabel(report, failure.tape))\(HTMLText.escape(failure.position)), session record \(failure.row). "
                + "<button type=\"button\" id=\"goto-failure\">show it in the timeline</button></p>")
        page.add(
            "<pre class=\"detail\">\(diffMarkup(failure.detail.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))</pre>"
        )
        page.add("<h3>Records around it</h3>")
        page.add(
            "<table class=\"rows\" id=\"failure-rows\"><thead><tr><th>record</th><th>t</th><th>dir</th><th>type</th><th>summary</th></tr></thead><tbody>"
        )
        for row in failure.around {
            let cls = row.index == failure.row ? " class=\"fail\"" : ""
            page.add(
                "<tr\(cls)><td class=\"num\">\(row.record)</td><td class=\"num\">\(DurationText.seconds(row.tapeTime))</td>"
                    + "<td>\(row.direction)</td><td>\(HTMLText.escape(row.type))</td><td class=\"summary\">\(HTMLText.escape(row.summary))</td></tr>"
            )
        }
        page.add("</tbody></table>")
        if let message = failure.message {
            page.add("<h3>The record's message</h3>")
            page.add("<pre class=\"json\">\(HTMLText.escape(message))</pre>")
        }
        page.add("<h3>State before (−) and after (+) the record</h3>")
        if let diff = failure.stateDiff {
            page.add("<pre class=\"diff\">\(diffMarkup(diff))</pre>")
        } else {
            page.add("<p>The record did not change the state.</p>")
        }
        page.add("</section>")
    }

    /// Diff lines with `−` lines and `+` lines marked for colour; other lines as they are.
    static func diffMarkup(_ lines: [String]) -> String {
        lines.map { line in
            if line.hasPrefix("−") { return "<span class=\"del\">\(HTMLText.escape(line))</span>" }
            if line.hasPrefix("+") { return "<span class=\"ins\">\(HTMLText.escape(line))</span>" }
            return HTMLText.escape(line)
        }.joined(separator: "\n")
    }

    // MARK: Checkpoints

    static func checkpoints(_ report: SessionReport, into page: inout Builder) {
        page.add("<section id=\"checkpoints\">")
        page.add("<h2>Checkpoints</h2>")
        guard !report.checkpoints.isEmpty else {
            let files = report.tapes.map { "<code>\(HTMLText.escape(CheckpointFile.path(forTape: $0.path)))</code>" }.joined(
                separator: ", ")
            page.add("<p>None: no checkpoint file (\(files)).</p>")
            page.add("</section>")
            return
        }
        let passed = report.checkpoints.count(where: { $0.outcome == .passed })
        page.add(
            "<p>\(passed) of \(report.checkpoints.count) match their goldens. Each tape is replayed alone, as "
                + "<code>tapedeck check</code> does; the state is compared with <code>NAME.golden/CHECKPOINT.json</code> (golden −, replay +).</p>"
        )
        page.add(
            "<table class=\"checkpoints\"><thead><tr><th>checkpoint</th><th>point</th><th>reached</th><th>result</th><th>state digest</th></tr></thead><tbody>"
        )
        for checkpoint in report.checkpoints {
            let outcome = checkpoint.outcome
            let cls = outcome == .passed ? "ok" : (outcome.label == "no golden" ? "warn" : "fail")
            page.add(
                "<tr class=\"checkpoint\" data-outcome=\"\(outcome.label)\"><td>\(tapeLabel(report, checkpoint.tape))<code>\(HTMLText.escape(checkpoint.name))</code> "
                    + "<span class=\"muted\">(line \(checkpoint.line))</span></td><td>\(HTMLText.escape(checkpoint.trigger))</td>"
                    + "<td>\(HTMLText.escape(checkpoint.position ?? "—"))</td><td><span class=\"badge \(cls)\">\(outcome.label)</span></td>"
                    + "<td><code title=\"\(checkpoint.digest ?? "")\">\(checkpoint.digest.map { String($0.prefix(12)) } ?? "—")</code></td></tr>"
            )
            let note: String?
            switch outcome {
            case .passed: note = nil
            case .failed(let lines, let paths):
                note =
                    "Changed: " + HTMLText.escape(paths.map { $0.isEmpty ? "(the whole state)" : $0 }.joined(separator: ", "))
                    + "\n" + diffMarkup(lines)
            case .noGolden(let path):
                note = "No golden at " + HTMLText.escape(path) + ": `tapedeck check --record missing` writes one."
            case .unreadableGolden(let path, let reason): note = HTMLText.escape(path + ": " + reason)
            case .notReached(let reason): note = HTMLText.escape(reason)
            }
            if let note { page.add("<tr class=\"note\"><td colspan=\"5\"><pre class=\"diff\">\(note)</pre></td></tr>") }
        }
        page.add("</tbody></table>")
        page.add("</section>")
    }

    // MARK: Charts

    static func charts(_ report: SessionReport, into page: inout Builder) {
        page.add("<section id=\"charts\">")
        let axis = report.chartAxis == .game ? "game time" : "tape time"
        page.add("<h2>Resources over \(axis)</h2>")
        var note =
            report.chartAxis == .game
            ? "x axis: <strong>game time</strong>, the in-game clock of the replayed state (<code>gameState.gameDate</code>, "
                + "<code>hourOfDay</code>, <code>minuteOfHour</code>), not the tape's time."
            : "x axis: <strong>tape time</strong>, seconds since the session began: the in-game clock stands still over "
                + "this whole session (every sample is at one game minute), so game time would put every point on one line."
        note +=
            " One point after each state-changing record: "
            + "<span id=\"sample-count\">\(HTMLText.count(report.samples.count))</span> samples (consecutive samples with the same clock and values merged)."
        if report.samplesWithoutClock > 0 {
            note += " \(HTMLText.count(report.samplesWithoutClock)) state changes before the game had a date are not plotted."
        }
        if report.failure != nil { note += " The red line marks the first failure." }
        page.add("<p class=\"muted\">\(note)</p>")
        for entry in series {
            page.add(
                "<figure><figcaption>\(entry.title) <code>\(entry.field)</code> over \(axis)</figcaption>"
                    + "<canvas class=\"chart\" id=\"chart-\(entry.key)\" data-series=\"\(entry.key)\" data-color=\"\(entry.color)\" "
                    + "data-axis=\"\(report.chartAxis.rawValue)\" role=\"img\" aria-label=\"\(entry.title) over \(axis)\" height=\"220\"></canvas></figure>"
            )
        }
        page.add("</section>")
    }

    // MARK: Timeline

    static func timeline(_ report: SessionReport, into page: inout Builder) {
        page.add("<section id=\"timeline\">")
        page.add("<h2>Timeline</h2>")
        let ranges = report.embeddedRanges.map { range in
            var text = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
            if let failure = report.failure, range.contains(failure.row), range.lowerBound > 0 { text += " (around the failure)" }
            return text
        }.joined(separator: ", ")
        if report.rows.count == report.recordCount {
            page.add(
                "<p class=\"muted\" id=\"embedded-note\">All \(HTMLText.count(report.recordCount)) records. Click a summary for the whole message.</p>"
            )
        } else {
            page.add(
                "<p class=\"warn\" id=\"embedded-note\">This page holds \(HTMLText.count(report.rows.count)) of the session's "
                    + "\(HTMLText.count(report.recordCount)) records (session record numbers \(ranges)) to stay quick to open; "
                    + "<code>tapedeck cat TAPE</code> lists them all and <code>tapedeck inspect TAPE --at N</code> shows the state at any of them. "
                    + "Counts are of the whole session (embedded here in brackets).</p>")
        }
        page.add("<form id=\"filters\" onsubmit=\"return false\">")
        page.add(
            "<fieldset id=\"type-filters\"><legend>types <button type=\"button\" id=\"types-all\">all</button> <button type=\"button\" id=\"types-none\">none</button></legend>"
        )
        for count in report.typeCounts {
            page.add(
                "<label><input type=\"checkbox\" class=\"type-filter\" value=\"\(HTMLText.escape(count.name))\" checked> "
                    + "\(HTMLText.escape(count.name)) <span class=\"count\">\(countText(count, report))</span></label>")
        }
        page.add("</fieldset>")
        page.add("<label>direction <select id=\"filter-direction\"><option value=\"all\">all</option>")
        for count in report.directionCounts {
            page.add("<option value=\"\(count.name)\">\(count.name) (\(countText(count, report)))</option>")
        }
        page.add("</select></label>")
        page.add("<label>connection <select id=\"filter-connection\"><option value=\"all\">all</option>")
        for id in Set(report.connections.map(\.id)).sorted() {
            page.add("<option value=\"\(id)\">\(id)</option>")
        }
        page.add("</select></label>")
        page.add(
            "<span class=\"pager\"><button type=\"button\" id=\"page-previous\">◀</button> <span id=\"page-label\"></span> "
                + "<button type=\"button\" id=\"page-next\">▶</button></span> <span id=\"match-count\" class=\"muted\"></span>")
        page.add("</form>")
        let tapeColumn = report.tapes.count > 1 ? "<th>tape</th>" : ""
        page.add(
            "<table class=\"rows\" id=\"timeline-table\"><thead><tr><th>record</th>\(tapeColumn)<th>t</th><th>conn</th><th>dir</th><th>type</th><th>summary</th></tr></thead>"
        )
        page.add("<tbody id=\"timeline-rows\"></tbody></table>")
        page.add("<noscript><p class=\"warn\">The timeline and the charts need JavaScript.</p></noscript>")
        page.add("</section>")
    }

    static func countText(_ count: SessionReport.Count, _ report: SessionReport) -> String {
        HTMLText.count(count.total) + (report.rows.count == report.recordCount ? "" : " [\(HTMLText.count(count.embedded))]")
    }
}
