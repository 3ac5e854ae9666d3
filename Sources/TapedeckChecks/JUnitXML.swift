import TapedeckCore
import TapedeckProtocol
import TapedeckReplay

/// One JUnit XML document, the format CI systems read test results in: `check`, `scenario run`
/// and `serve --verify` each describe their results as one and write it with `text()`. Attributes
/// come in one order and times only where a report has them, so the same results give the same bytes.
public struct JUnitXML: Sendable, Equatable {
    public var name: String
    public var suites: [Suite]

    public init(name: String, suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    /// A `testsuite`: a tape, a scenario, a recorded connection.
    public struct Suite: Sendable, Equatable {
        public var name: String
        public var file: String?
        /// Nanoseconds, written as seconds with milliseconds; nil leaves the attribute out.
        public var time: UInt64?
        public var cases: [Case]
        /// Text for the suite's `system-err` (what a scenario sent that no step matched).
        public var standardError: String?

        public init(name: String, file: String? = nil, time: UInt64? = nil, cases: [Case], standardError: String? = nil) {
            self.name = name
            self.file = file
            self.time = time
            self.cases = cases
            self.standardError = standardError
        }

        var failures: Int { cases.count { if case .failed = $0.outcome { true } else { false } } }
        var skipped: Int { cases.count { $0.outcome == .skipped } }
    }

    /// A `testcase`: a checkpoint, a scenario's step, a recorded client message.
    public struct Case: Sendable, Equatable {
        public var name: String
        public var classname: String
        public var file: String?
        public var line: Int?
        public var time: UInt64?
        public var outcome: Outcome

        public init(
            name: String, classname: String, file: String? = nil, line: Int? = nil, time: UInt64? = nil, outcome: Outcome
        ) {
            self.name = name
            self.classname = classname
            self.file = file
            self.line = line
            self.time = time
            self.outcome = outcome
        }
    }

    public enum Outcome: Sendable, Equatable {
        case passed
        case skipped
        /// A failure: its one-line message, its kind (`type`, when the report has kinds) and the full text.
        case failed(message: String, type: String? = nil, details: String)
    }

    /// The document, UTF-8 XML 1.0; markup characters escaped, characters XML cannot hold as U+FFFD.
    public func text() -> String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites\(Self.attributes([("name", name), ("tests", "\(tests)"), ("failures", "\(failures)"), ("errors", "0"), ("skipped", "\(skipped)")]))>\n"
        for suite in suites {
            out +=
                "  <testsuite"
                + Self.attributes([
                    ("name", suite.name), ("file", suite.file), ("tests", "\(suite.cases.count)"),
                    ("failures", "\(suite.failures)"),
                    ("errors", "0"), ("skipped", "\(suite.skipped)"), ("time", suite.time.map(Self.seconds)),
                ]) + ">\n"
            for testCase in suite.cases {
                out +=
                    "    <testcase"
                    + Self.attributes([
                        ("classname", testCase.classname), ("name", testCase.name), ("file", testCase.file),
                        ("line", testCase.line.map(String.init)), ("time", testCase.time.map(Self.seconds)),
                    ])
                switch testCase.outcome {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped/>\n    </testcase>\n"
                case .failed(let message, let type, let details):
                    out += ">\n      <failure" + Self.attributes([("message", message), ("type", type)]) + ">"
                    out += MarkupText.escape(details) + "</failure>\n    </testcase>\n"
                }
            }
            if let standardError = suite.standardError {
                out += "    <system-err>\(MarkupText.escape(standardError))</system-err>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// ` name="value"` for each attribute that has a value, escaped.
    static func attributes(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { " \(name)=\"\(MarkupText.escape($0))\"" } }.joined()
    }

    /// Nanoseconds as JUnit's seconds with three decimals: TapedeckCore's locale-free spelling without its unit.
    static func seconds(_ nanoseconds: UInt64) -> String { String(DurationText.seconds(nanoseconds).dropLast()) }
}
