import TapedeckInvestigation

/// Reports per day as an inline SVG bar chart over the last `days` days up to `today`: one bar a
/// day, empty days as gaps, each bar titled with its date and count.
enum DailyChart {
    static func svg(_ counts: [DailyCount], today: Int64, days: Int = 30) -> String {
        let first = today - Int64(days) + 1
        var byDay: [Int64: Int] = [:]
        for count in counts where count.day >= first && count.day <= today { byDay[count.day] = count.count }
        let highest = max(byDay.values.max() ?? 0, 1)
        let barWidth = 16
        let height = 80
        var bars = ""
        for offset in 0..<days {
            let day = first + Int64(offset)
            let count = byDay[day] ?? 0
            let barHeight = count == 0 ? 0 : max(2, count * height / highest)
            let title = "\(UTCTime.date(day: day)): \(count) report\(count == 1 ? "" : "s")"
            bars +=
                "<rect class=\"bar\" x=\"\(offset * barWidth + 1)\" y=\"\(height - barHeight)\" width=\"\(barWidth - 2)\" "
                + "height=\"\(barHeight)\" data-day=\"\(UTCTime.date(day: day))\" data-count=\"\(count)\">"
                + "<title>\(HTMLText.escape(title))</title></rect>"
        }
        return """
            <svg class="chart" role="img" aria-label="reports per day, last \(days) days" width="\(days * barWidth)" \
            height="\(height + 16)" viewBox="0 0 \(days * barWidth) \(height + 16)">\(bars)\
            <text x="0" y="\(height + 13)">\(UTCTime.date(day: first))</text>\
            <text x="\(days * barWidth)" y="\(height + 13)" text-anchor="end">\(UTCTime.date(day: today))</text></svg>
            """
    }
}
