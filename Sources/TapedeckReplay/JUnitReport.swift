import TapedeckProtocol

/// JUnit XML for CI: a `testsuite` per tape, a `testcase` per checkpoint plus `invariants` and
/// `tape`; failures carry the diff. No timings, so the same results give the same bytes.
public enum JUnitReport {
    public static func xml(_ reports: [TapeCheckReport], name: String = "tapedeck check") -> String {
        let tests = reports.reduce(0) { $0 + $1.cases.count }
        let failures = reports.reduce(0) { $0 + $1.failures.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for report in reports {
            out +=
                "  <testsuite name=\"\(escape(report.path))\" tests=\"\(report.cases.count)\" "
                + "failures=\"\(report.failures.count)\" errors=\"0\" skipped=\"0\">\n"
            for testCase in report.cases {
                out += "    <testcase classname=\"\(escape(report.path))\" name=\"\(escape(testCase.name))\""
                if testCase.passed {
                    out += "/>\n"
                } else {
                    let first = testCase.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "failed"
                    out +=
                        ">\n      <failure message=\"\(escape(first))\" type=\"\(kind(of: testCase.name))\">"
                        + escape(testCase.message) + "</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func kind(of caseName: String) -> String {
        switch caseName {
        case CheckCase.tape: "tape"
        case CheckCase.invariants: "invariant"
        default: "checkpoint"
        }
    }

    /// Escapes markup characters; characters XML 1.0 does not allow become U+FFFD.
    public static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
