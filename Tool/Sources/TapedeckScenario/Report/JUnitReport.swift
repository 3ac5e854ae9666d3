import TapedeckProtocol

/// JUnit XML for CI: one `testsuite` per scenario, one `testcase` per step.
package enum JUnitReport {
    package static func xml(_ results: [ScenarioResult]) -> String {
        let tests = results.reduce(0) { $0 + $1.steps.count }
        let failures = results.reduce(0) { $0 + $1.failedCount }
        let skipped = results.reduce(0) { $0 + $1.skippedCount }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"tapedeck scenarios\" tests=\"\(tests)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        for result in results {
            out += "  <testsuite name=\"\(escape(result.name))\" file=\"\(escape(result.file))\" tests=\"\(result.steps.count)\""
            out +=
                " failures=\"\(result.failedCount)\" skipped=\"\(result.skippedCount)\" time=\"\(seconds(result.duration))\">\n"
            for step in result.steps {
                out += "    <testcase name=\"\(escape("\(step.number) \(step.summary)"))\" classname=\"\(escape(result.name))\""
                out += " file=\"\(escape(step.location.file))\" line=\"\(step.location.line)\" time=\"\(seconds(step.duration))\""
                switch step.status {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped/>\n    </testcase>\n"
                case .failed:
                    out += ">\n      <failure message=\"\(escape(step.message ?? "failed"))\">"
                    out += escape((step.details + step.log.map { "· " + $0 }).joined(separator: "\n"))
                    out += "</failure>\n    </testcase>\n"
                }
            }
            if !result.unmatchedSends.isEmpty {
                out +=
                    "    <system-err>\(escape(result.unmatchedSends.map(\.description).joined(separator: "\n")))</system-err>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func seconds(_ nanoseconds: UInt64) -> String {
        let ms = nanoseconds / 1_000_000
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold become U+FFFD.
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
