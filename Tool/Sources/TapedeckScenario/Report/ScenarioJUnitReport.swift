import TapedeckChecks
import TapedeckReplay

/// `scenario run`'s results as JUnit XML: one `testsuite` per scenario, one `testcase` per step,
/// with the scenario's file, each step's line and both durations.
package enum ScenarioJUnitReport {
    package static func xml(_ results: [ScenarioResult]) -> String {
        JUnitXML(
            name: "tapedeck scenarios",
            suites: results.map { result in
                JUnitXML.Suite(
                    name: result.name, file: result.file, time: result.duration,
                    cases: result.steps.map { step in
                        JUnitXML.Case(
                            name: "\(step.number) \(step.summary)", classname: result.name, file: step.location.file,
                            line: step.location.line, time: step.duration, outcome: outcome(of: step))
                    },
                    standardError: result.unmatchedSends.isEmpty
                        ? nil : result.unmatchedSends.map(\.description).joined(separator: "\n"))
            }
        ).text()
    }

    static func outcome(of step: StepResult) -> JUnitXML.Outcome {
        switch step.status {
        case .passed: .passed
        case .skipped: .skipped
        case .failed:
            .failed(
                message: step.message ?? "failed", details: (step.details + step.log.map { "· " + $0 }).joined(separator: "\n"))
        }
    }
}
