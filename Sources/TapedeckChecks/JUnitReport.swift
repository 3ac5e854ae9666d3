import TapedeckReplay

/// `check`'s results as JUnit XML: a `testsuite` per tape, a `testcase` per checkpoint plus
/// `invariants` and `tape`; failures carry the diff. No timings, so the same results give the same bytes.
public enum JUnitReport {
    /// The JUnit XML of `check`'s reports.
    ///
    /// - Parameters:
    ///   - reports: One report a tape, in the order they should appear.
    ///   - name: The `testsuites` element's name.
    /// - Returns: The XML document.
    public static func xml(_ reports: [TapeCheckReport], name: String = "tapedeck check") -> String {
        JUnitXML(
            name: name,
            suites: reports.map { report in
                JUnitXML.Suite(
                    name: report.path,
                    cases: report.cases.map { testCase in
                        JUnitXML.Case(
                            name: testCase.name, classname: report.path,
                            outcome: testCase.passed
                                ? .passed
                                : .failed(
                                    message: testCase.message.split(separator: "\n", maxSplits: 1).first.map(String.init)
                                        ?? "failed",
                                    type: kind(of: testCase.name), details: testCase.message))
                    })
            }
        ).text()
    }

    static func kind(of caseName: String) -> String {
        switch caseName {
        case CheckCase.tape: "tape"
        case CheckCase.invariants: "invariant"
        default: "checkpoint"
        }
    }
}
