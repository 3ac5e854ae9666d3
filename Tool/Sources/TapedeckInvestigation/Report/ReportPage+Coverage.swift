import TapedeckChecks
import TapedeckReplay

extension ReportPage {
    /// The kinds in the order the table lists them, with their labels.
    static let coverageKinds: [(kind: CoverageReport.Item.Kind, label: String)] = [
        (.rule, "client rule"), (.serverType, "server message"), (.clientType, "client message"),
        (.uiRule, "rule the app's UI fires (not counted)"),
    ]

    /// The table `tapedeck coverage` prints, for this session: every rule and message type, how
    /// often it fired and where first, and the counted ones never exercised.
    static func coverage(_ report: SessionReport, into page: inout Builder) {
        let coverage = report.coverage
        page.add("<section id=\"coverage\">")
        page.add("<h2>Rule coverage</h2>")
        page.add(
            "<p>\(coverage.countedExercised) of \(coverage.countedTotal) client rules and server message types exercised "
                + "(\(CoverageReport.percentText(coverage.percent))), counted as <code>tapedeck coverage</code> counts them; "
                + "the rules are those of docs/STATE-MACHINES.md. A corpus's coverage is <code>tapedeck coverage DIR</code>.</p>")
        let missing = coverage.missing
        page.add(
            missing.isEmpty
                ? "<p>Never exercised: none.</p>"
                : "<p>Never exercised: " + missing.map { "<code>\(HTMLText.escape($0.name))</code>" }.joined(separator: ", ")
                    + ".</p>")
        page.add(
            "<table class=\"coverage\"><thead><tr><th>rule or message type</th><th>kind</th><th>count</th><th>first</th></tr></thead><tbody>"
        )
        for (kind, label) in coverageKinds {
            for item in coverage.items(of: kind) {
                var first = "never"
                if let tape = item.firstTape, let record = item.firstRecord {
                    let index = report.tapes.firstIndex { $0.path == tape } ?? 0
                    first = "\(tapeLabel(report, index))record \(record)"
                }
                page.add(
                    "<tr class=\"coverage-row\" data-kind=\"\(kind.rawValue)\" data-count=\"\(item.count)\">"
                        + "<td><code>\(HTMLText.escape(item.name))</code></td><td>\(label)</td><td>\(item.count)</td>"
                        + "<td\(item.count == 0 ? " class=\"muted\"" : "")>\(first)</td></tr>")
            }
        }
        page.add("</tbody></table>")
        page.add("</section>")
    }
}
