import TapedeckProtocol

extension ServeVerdict {
    /// The verdict as JUnit XML, for CI systems: one test suite per recorded connection, one test
    /// case per recorded client message (failed when it was changed or never sent), one failed
    /// test case per unexpected message or frame, and one per connection the tape did not record.
    public func junitXML(name: String) -> String {
        var suites: [(name: String, cases: [JUnitCase])] = []
        for connection in connections {
            var cases = connection.clientMessages.map { message in
                JUnitCase(
                    name: "record \(message.record) \(message.type)", connection: connection.number,
                    failure: connection.findings.first { $0.record == message.record })
            }
            cases += connection.findings.filter { $0.record == nil }.map {
                JUnitCase(name: $0.summary, connection: connection.number, failure: $0)
            }
            suites.append(("connection \(connection.number)", cases))
        }
        if !extraConnections.isEmpty {
            suites.append(
                (
                    "extra connections",
                    extraConnections.map { JUnitCase(name: $0.summary, connection: $0.connection, failure: $0) }
                ))
        }
        let all = suites.flatMap(\.cases)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(MarkupText.escape(name))" tests="\#(all.count)" failures="\#(all.failures)">"#,
        ]
        for suite in suites {
            lines.append(
                #"  <testsuite name="\#(MarkupText.escape(suite.name))" tests="\#(suite.cases.count)" failures="\#(suite.cases.failures)">"#
            )
            lines += suite.cases.map(\.xml)
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    struct JUnitCase {
        var name: String
        var connection: Int
        var failure: ServeFinding?

        var xml: String {
            let head = #"    <testcase classname="connection \#(connection)" name="\#(MarkupText.escape(name))""#
            guard let failure else { return head + "/>" }
            let message = MarkupText.escape(failure.summary)
            return head + ">\n" + #"      <failure message="\#(message)">\#(MarkupText.escape(failure.report))</failure>"#
                + "\n    </testcase>"
        }
    }
}

extension [ServeVerdict.JUnitCase] {
    var failures: Int { count { $0.failure != nil } }
}
