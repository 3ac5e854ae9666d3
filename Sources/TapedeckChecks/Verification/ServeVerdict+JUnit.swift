import TapedeckReplay

extension ServeVerdict {
    /// The verdict as JUnit XML, for CI systems: one test suite per recorded connection, one test
    /// case per recorded client message (failed when it was changed or never sent), one failed
    /// test case per unexpected message or frame, and one per connection the tape did not record.
    ///
    /// - Parameter name: The `testsuites` element's name.
    /// - Returns: The XML document.
    public func junitXML(name: String) -> String {
        func testCase(_ name: String, connection: Int, failure: ClientFinding?) -> JUnitXML.Case {
            JUnitXML.Case(
                name: name, classname: "connection \(connection)",
                outcome: failure.map { .failed(message: $0.summary, details: $0.report) } ?? .passed)
        }
        var suites = connections.map { connection in
            JUnitXML.Suite(
                name: "connection \(connection.number)",
                cases: connection.clientMessages.map { message in
                    testCase(
                        "record \(message.record) \(message.type)", connection: connection.number,
                        failure: connection.findings.first { $0.record == message.record })
                }
                    + connection.findings.filter { $0.record == nil }.map {
                        testCase($0.summary, connection: connection.number, failure: $0)
                    })
        }
        if !extraConnections.isEmpty {
            suites.append(
                JUnitXML.Suite(
                    name: "extra connections",
                    cases: extraConnections.map { testCase($0.summary, connection: $0.connection, failure: $0) }))
        }
        return JUnitXML(name: name, suites: suites).text()
    }
}
