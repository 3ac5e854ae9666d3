import TapedeckReplay

/// What `check` prints: a line per tape, the failures with their diffs, and a count.
enum CheckReportText {
    static func text(_ reports: [TapeCheckReport], verbose: Bool, found: Int, shard: String?) -> String {
        var lines: [String] = []
        for report in reports {
            let verdict = report.passed ? "PASS" : (report.unreadable ? "UNREADABLE" : "FAIL")
            lines.append("\(verdict) \(report.path) (\(report.cases.count - 2) checkpoints)")
            for testCase in report.cases where verbose || !testCase.passed {
                lines.append("  \(testCase.passed ? "ok  " : "FAIL") \(testCase.name)")
                if !testCase.passed || verbose {
                    for line in testCase.message.split(separator: "\n", omittingEmptySubsequences: false) {
                        lines.append("       " + line)
                    }
                }
            }
        }
        let failed = reports.filter { !$0.passed }.count
        let cases = reports.reduce(0) { $0 + $1.cases.count }
        let failedCases = reports.reduce(0) { $0 + $1.failures.count }
        var summary = "checked \(reports.count) tape\(reports.count == 1 ? "" : "s")"
        if let shard { summary += " (shard \(shard) of \(found))" }
        summary += " and \(cases) cases: \(reports.count - failed) tapes passed, \(failed) failed (\(failedCases) failing cases)"
        lines.append(summary)
        let recorded = reports.flatMap(\.recordedGoldens)
        if !recorded.isEmpty {
            lines.append(
                "wrote \(recorded.count) golden\(recorded.count == 1 ? "" : "s"); review and commit them, then run again to verify"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
