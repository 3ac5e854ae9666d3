import TapedeckCore

extension ReportPage {
    /// Each connection as a lane on the session's tape time: a bar from its start to its end, a
    /// mark where it ended (a drop, a close code, a refusal), and the gap before the next one (the
    /// app's backoff). Drawn as positioned boxes, so it needs no script; a table says the same in
    /// words. `data-connection`, `data-end` and `data-gap-ms` are for tests and tools.
    static func connections(_ report: SessionReport, into page: inout Builder) {
        let lanes = report.connections
        page.add("<section id=\"connections\">")
        page.add("<h2>Connections</h2>")
        guard !lanes.isEmpty else {
            page.add("<p class=\"muted\">None: the session has no records.</p>")
            page.add("</section>")
            return
        }
        let span = max(lanes.map(\.endTime).max() ?? 0, 1)
        page.add(
            "<p class=\"muted\">\(lanes.count == 1 ? "One connection" : "\(lanes.count) connections") on the session's tape time "
                + "(0 to \(DurationText.seconds(span))): a lane each, from its first record to the record that ended it.</p>")
        page.add("<div class=\"lanes\" id=\"connection-lanes\">")
        for (index, lane) in lanes.enumerated() {
            let left = percent(lane.start, of: span)
            let width = max(percent(lane.endTime, of: span) - left, 0.4)
            let gap = lane.gapBefore.map { " data-gap-ms=\"\($0 / 1_000_000)\"" } ?? ""
            page.add(
                "<div class=\"lane\" data-connection=\"\(lane.id)\" data-tape=\"\(lane.tape)\" data-end=\"\(lane.end.name)\"\(gap)>"
                    + "<span class=\"lane-label\">\(laneName(lane, report))</span><span class=\"lane-track\">")
            if let gapBefore = lane.gapBefore, gapBefore > 0, index > 0 {
                let gapLeft = percent(lanes[index - 1].endTime, of: span)
                page.add(
                    "<span class=\"lane-gap\" style=\"left:\(format(gapLeft))%;width:\(format(max(left - gapLeft, 0.2)))%\" "
                        + "title=\"\(DurationText.seconds(gapBefore)) before this connection\"></span>")
            }
            page.add(
                "<span class=\"lane-bar \(lane.end.name)\" style=\"left:\(format(left))%;width:\(format(width))%\" "
                    + "title=\"\(HTMLText.escape(lane.end.text))\"></span>"
                    + "<span class=\"lane-end \(lane.end.name)\" style=\"left:\(format(left + width))%\">"
                    + "\(HTMLText.escape(endMark(lane.end)))</span>")
            page.add("</span></div>")
        }
        page.add("</div>")
        page.add(
            "<table class=\"rows\" id=\"connection-table\"><thead><tr><th>connection</th><th>began</th><th>opened</th>"
                + "<th>ended</th><th>how</th><th>messages</th><th>gap before it</th></tr></thead><tbody>")
        for lane in lanes {
            page.add(
                "<tr data-connection=\"\(lane.id)\"><td>\(laneName(lane, report))</td><td class=\"num\">\(DurationText.seconds(lane.start))</td>"
                    + "<td class=\"num\">\(lane.opened.map(DurationText.seconds) ?? "—")</td>"
                    + "<td class=\"num\">\(DurationText.seconds(lane.endTime))</td><td>\(HTMLText.escape(lane.end.text))</td>"
                    + "<td class=\"num\">\(HTMLText.count(lane.messages))</td>"
                    + "<td class=\"num\">\(lane.gapBefore.map(DurationText.seconds) ?? "—")</td></tr>")
        }
        page.add("</tbody></table>")
        page.add("</section>")
    }

    static func laneName(_ lane: ReportConnection, _ report: SessionReport) -> String {
        (report.tapes.count > 1 ? "tape \(lane.tape + 1), " : "") + "connection \(lane.id)"
    }

    /// The short mark at a lane's end.
    static func endMark(_ end: ReportConnection.End) -> String {
        switch end {
        case .closed(let code, _): "✕ \(code)"
        case .dropped: "⚡ dropped"
        case .refused: "⊘ refused"
        case .open: "…"
        }
    }

    static func percent(_ time: UInt64, of span: UInt64) -> Double { Double(time) / Double(span) * 95 }

    /// Two decimals, the same bytes on every platform.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction
    }
}
