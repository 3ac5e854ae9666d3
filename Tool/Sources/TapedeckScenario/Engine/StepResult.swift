import TapedeckChecks
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay

/// What one executed (or skipped) step did.
package struct StepResult: Sendable, Equatable {
    package enum Status: String, Sendable, Equatable {
        case passed, failed, skipped
    }

    /// 1-based, in the order steps finished (a `repeat` finishes after its body's steps).
    package var number: Int
    /// Nesting inside `repeat` blocks (0 at the top).
    package var depth: Int
    /// The statement in short: `expect playerObject where person.name == "Mei"`.
    package var summary: String
    package var location: SourceLocation
    package var status: Status
    /// Scenario-clock nanoseconds the step took.
    package var duration: UInt64
    /// Why it failed, in one line.
    package var message: String?
    /// The failure in full: expected against received, the failing clauses, the client state.
    package var details: [String]
    /// What happened meanwhile: skipped messages, automatic sends, toasts.
    package var log: [String]
    /// Things to look at even when the step passed: unmatched sends.
    package var warnings: [String]

    package init(
        number: Int, depth: Int, summary: String, location: SourceLocation, status: Status, duration: UInt64,
        message: String? = nil, details: [String] = [], log: [String] = [], warnings: [String] = []
    ) {
        self.number = number
        self.depth = depth
        self.summary = summary
        self.location = location
        self.status = status
        self.duration = duration
        self.message = message
        self.details = details
        self.log = log
        self.warnings = warnings
    }
}

/// The outcome of a whole scenario run.
package struct ScenarioResult: Sendable, Equatable {
    package var name: String
    package var file: String
    package var steps: [StepResult]
    /// Sends the target could not answer (served tapes), in order.
    package var unmatchedSends: [UnmatchedSend]
    /// Scenario-clock nanoseconds from start to end.
    package var duration: UInt64
    /// The client state when the last step finished.
    package var finalState: JSONValue

    package init(
        name: String, file: String, steps: [StepResult], unmatchedSends: [UnmatchedSend], duration: UInt64, finalState: JSONValue
    ) {
        self.name = name
        self.file = file
        self.steps = steps
        self.unmatchedSends = unmatchedSends
        self.duration = duration
        self.finalState = finalState
    }

    package var passed: Bool { !steps.contains { $0.status == .failed } }
    package var failedCount: Int { steps.count { $0.status == .failed } }
    package var passedCount: Int { steps.count { $0.status == .passed } }
    package var skippedCount: Int { steps.count { $0.status == .skipped } }
}
