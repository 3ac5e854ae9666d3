import TapedeckProtocol
import TapedeckReplay

/// What one executed (or skipped) step did.
public struct StepResult: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        case passed, failed, skipped
    }

    /// 1-based, in the order steps finished (a `repeat` finishes after its body's steps).
    public var number: Int
    /// Nesting inside `repeat` blocks (0 at the top).
    public var depth: Int
    /// The statement in short: `expect playerObject where person.name == "Mei"`.
    public var summary: String
    public var location: SourceLocation
    public var status: Status
    /// Scenario-clock nanoseconds the step took.
    public var duration: UInt64
    /// Why it failed, in one line.
    public var message: String?
    /// The failure in full: expected against received, the failing clauses, the client state.
    public var details: [String]
    /// What happened meanwhile: skipped messages, automatic sends, toasts.
    public var log: [String]
    /// Things to look at even when the step passed: unmatched sends.
    public var warnings: [String]

    public init(
        number: Int, depth: Int, summary: String, location: SourceLocation, status: Status, duration: UInt64,
        message: String? = nil, details: [String] = [], log: [String] = [], warnings: [String] = []
    ) {
        self.number = number; self.depth = depth; self.summary = summary; self.location = location
        self.status = status; self.duration = duration; self.message = message; self.details = details
        self.log = log; self.warnings = warnings
    }
}

/// The outcome of a whole scenario run.
public struct ScenarioResult: Sendable, Equatable {
    public var name: String
    public var file: String
    public var steps: [StepResult]
    /// Sends the target could not answer (served tapes), in order.
    public var unmatchedSends: [UnmatchedSend]
    /// Scenario-clock nanoseconds from start to end.
    public var duration: UInt64
    /// The client state when the last step finished.
    public var finalState: JSONValue

    public init(
        name: String, file: String, steps: [StepResult], unmatchedSends: [UnmatchedSend], duration: UInt64, finalState: JSONValue
    ) {
        self.name = name; self.file = file; self.steps = steps; self.unmatchedSends = unmatchedSends
        self.duration = duration; self.finalState = finalState
    }

    public var passed: Bool { !steps.contains { $0.status == .failed } }
    public var failedCount: Int { steps.count { $0.status == .failed } }
    public var passedCount: Int { steps.count { $0.status == .passed } }
    public var skippedCount: Int { steps.count { $0.status == .skipped } }
}
