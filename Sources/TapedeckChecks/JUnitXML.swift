import TapedeckCore
import TapedeckProtocol
import TapedeckReplay

/// One JUnit XML document, the format CI systems read test results in: `check`, `scenario run`
/// and `serve --verify` each describe their results as one and write it with `text()`. Attributes
/// come in one order and times only where a report has them, so the same results give the same bytes.
public struct JUnitXML: Sendable, Equatable {
    /// The `testsuites` element's name.
    public var name: String
    /// The suites, in document order.
    public var suites: [Suite]

    /// A document.
    ///
    /// - Parameters:
    ///   - name: The `testsuites` element's name.
    ///   - suites: The suites, in document order.
    public init(name: String, suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    /// A `testsuite`: a tape, a scenario, a recorded connection.
    public struct Suite: Sendable, Equatable {
        /// The suite's name: a tape's path, a scenario's name.
        public var name: String
        /// The file the suite comes from; nil leaves the attribute out.
        public var file: String?
        /// Nanoseconds, written as seconds with milliseconds; nil leaves the attribute out.
        public var time: UInt64?
        /// The suite's cases, in document order.
        public var cases: [Case]
        /// Text for the suite's `system-err` (what a scenario sent that no step matched).
        public var standardError: String?

        /// A suite.
        ///
        /// - Parameters:
        ///   - name: The suite's name.
        ///   - file: The file it comes from, or nil.
        ///   - time: Its duration in nanoseconds, or nil.
        ///   - cases: Its cases.
        ///   - standardError: Text for its `system-err`, or nil.
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
        /// The case's name: a checkpoint, a step, a message.
        public var name: String
        /// The `classname` attribute CI systems group cases by: usually the suite's name.
        public var classname: String
        /// The file the case comes from; nil leaves the attribute out.
        public var file: String?
        /// The case's line in `file`; nil leaves the attribute out.
        public var line: Int?
        /// Nanoseconds, written as seconds with milliseconds; nil leaves the attribute out.
        public var time: UInt64?
        /// Passed, skipped or failed.
        public var outcome: Outcome

        /// A case.
        ///
        /// - Parameters:
        ///   - name: The case's name.
        ///   - classname: Its `classname` attribute.
        ///   - file: The file it comes from, or nil.
        ///   - line: Its line in `file`, or nil.
        ///   - time: Its duration in nanoseconds, or nil.
        ///   - outcome: Passed, skipped or failed.
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

    /// How a case ended.
    public enum Outcome: Sendable, Equatable {
        /// It passed.
        case passed
        /// It did not run (a `skipped` element).
        case skipped
        /// A failure: its one-line message, its kind (`type`, when the report has kinds) and the full text.
        case failed(message: String, type: String? = nil, details: String)
    }

    /// The document, UTF-8 XML 1.0; markup characters escaped, characters XML cannot hold as U+FFFD.
    ///
    /// - Returns: The XML text, attributes in a fixed order, ending in a line break.
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
