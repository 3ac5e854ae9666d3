import TapedeckCore
import TapedeckReplay

/// What the app under `AppReplay.checkFaults` declares it does when its connection fails, on the
/// replay's clock (durations are virtual time):
///
/// ```swift
/// let check = FaultCheck(
///     reconnect: .seconds(1) ... .seconds(32), backoffCeiling: .seconds(30), maximumAttempts: 5, stallTimeout: .seconds(10))
/// let report = await replay.checkFaults(tape: "Recordings/core-loop.tape", check, seeds: 1...200)
/// #expect(report.passed, "\(report)")
/// ```
public struct FaultCheck: Sendable, Equatable {
    /// When the first attempt after a failure must come, counted from the failure: no earlier than
    /// the lower bound (the backoff's first wait), no later than the upper.
    public var reconnect: ClosedRange<Duration>
    /// The longest the app waits between attempts (its backoff's ceiling): below it each wait
    /// after a refusal must be longer than the one before. Nil: the upper bound of `reconnect`.
    public var backoffCeiling: Duration?
    /// How many attempts in a row the app makes before it gives up; nil when it never does.
    public var maximumAttempts: Int?
    /// How soon the app notices a silent connection (by its pings) and leaves it; nil when it
    /// does not claim to, and a `.stall` is then not drawn.
    public var stallTimeout: Duration?
    /// The app's own close codes (4000–4999) after which it stays offline by design.
    public var staysOfflineAfter: Set<Int>
    /// How long the app waits for the server before it gives up on the connection; nil when it
    /// does not say, and a `.slowServer` is then not drawn. A drawn slow server is half of it late.
    public var answerTimeout: Duration?

    /// What the app declares.
    ///
    /// - Parameters:
    ///   - reconnect: When the first attempt after a failure must come, counted from it.
    ///   - backoffCeiling: The longest wait between attempts; nil (the default) for `reconnect`'s upper bound.
    ///   - maximumAttempts: Attempts in a row before the app gives up; nil (the default) when it never does.
    ///   - stallTimeout: How soon the app leaves a silent connection; nil (the default) when it does not claim to.
    ///   - staysOfflineAfter: The app's own close codes after which it does not reconnect; none by default.
    ///   - answerTimeout: How long the app waits for the server; nil (the default) when it does not say.
    public init(
        reconnect: ClosedRange<Duration>, backoffCeiling: Duration? = nil, maximumAttempts: Int? = nil,
        stallTimeout: Duration? = nil, staysOfflineAfter: Set<Int> = [], answerTimeout: Duration? = nil
    ) {
        self.answerTimeout = answerTimeout
        self.reconnect = reconnect
        self.backoffCeiling = backoffCeiling
        self.maximumAttempts = maximumAttempts.map { max($0, 1) }
        self.stallTimeout = stallTimeout
        self.staysOfflineAfter = staysOfflineAfter
    }
}

/// One thing the app did wrong under a fault. Durations are nanoseconds of virtual time.
public enum FaultProblem: Sendable, Equatable, CustomStringConvertible {
    /// The first attempt after the fault came earlier than the declared backoff allows.
    case reconnectedEarly(Fault, after: UInt64, backoff: UInt64)
    /// No attempt within the declared window after the fault (for a stall: after the timeout too).
    case noReconnect(Fault, within: UInt64)
    /// The app reconnected after one of its own close codes, after which it declares it stays offline.
    case reconnectedAfterItsOwnCode(code: Int)
    /// Between refused attempts the wait shrank, or stayed the same below the backoff's declared
    /// ceiling: the backoff does not grow.
    case backoffDidNotGrow(attempt: Int, wait: UInt64, previous: UInt64)
    /// The app made more attempts in a row than its declared maximum.
    case tooManyAttempts(made: Int, maximum: Int)
    /// A finding of the send check while the fault was on (a send on a dead socket, a storm).
    case finding(ClientFinding)
    /// With the server late (`.slowServer`), the app cancelled its open connection `after` into
    /// the delay instead of waiting for the answer.
    case leftTheSlowServer(after: UInt64, delay: UInt64, afterRecord: Int)
    /// A finding of the send check with the server late (`.slowServer`) that the tape played on
    /// time does not give: the app did not wait for the answer.
    case impatient(delay: UInt64, afterRecord: Int, ClientFinding)

    /// The problem in a sentence.
    public var description: String {
        switch self {
        case .reconnectedEarly(let fault, let after, let backoff):
            "after \(fault) the app reconnected \(DurationText.seconds(after)) later, before its backoff allows "
                + "(\(DurationText.seconds(backoff)))"
        case .noReconnect(let fault, let within):
            "after \(fault) the app did not reconnect within \(DurationText.seconds(within))"
        case .reconnectedAfterItsOwnCode(let code):
            "the app reconnected after the server closed with \(code), after which it says it stays offline"
        case .backoffDidNotGrow(let attempt, let wait, let previous):
            "attempt \(attempt) came \(DurationText.seconds(wait)) after the one before, "
                + "after a wait of \(DurationText.seconds(previous)) before it: the backoff does not grow"
        case .tooManyAttempts(let made, let maximum):
            "the app made \(made) attempts in a row; it says it stops after \(maximum)"
        case .finding(let finding): finding.summary
        case .leftTheSlowServer(let after, let delay, let record):
            "with the server \(DurationText.seconds(delay)) late after record \(record), the app left its connection "
                + "\(DurationText.seconds(after)) into the wait: it did not wait for the answer"
        case .impatient(let delay, let record, let finding):
            "with the server \(DurationText.seconds(delay)) late after record \(record): \(finding.summary)"
        }
    }
}

/// One schedule the app did not take well: its seed (when drawn), the schedule, and the smallest
/// schedule found that still fails, with its problems.
public struct FaultFailure: Sendable, Equatable, CustomStringConvertible {
    /// The seed the schedule was drawn from; nil for a schedule written by hand.
    public var seed: UInt64?
    /// The schedule as drawn or given.
    public var schedule: FaultSchedule
    /// The fewest faults at the earliest point found that still fail (the schedule itself when
    /// nothing smaller fails).
    public var shrunk: FaultSchedule
    /// What went wrong under `shrunk`.
    public var problems: [FaultProblem]

    /// A failed schedule.
    ///
    /// - Parameters:
    ///   - seed: The seed it was drawn from; nil for one written by hand.
    ///   - schedule: The schedule as drawn or given.
    ///   - shrunk: The smallest schedule found that still fails.
    ///   - problems: What went wrong under `shrunk`.
    public init(seed: UInt64?, schedule: FaultSchedule, shrunk: FaultSchedule, problems: [FaultProblem]) {
        self.seed = seed
        self.schedule = schedule
        self.shrunk = shrunk
        self.problems = problems
    }

    /// The seed and schedule, the shrunk schedule, then each problem on a line of its own.
    public var description: String {
        let head = (seed.map { "  seed \($0): " } ?? "  ") + schedule.description
        let shrunkLine = shrunk == schedule ? [] : ["    shrunk to \(shrunk)"]
        return ([head] + shrunkLine + problems.map { "    " + $0.description }).joined(separator: "\n")
    }
}

/// What the fault schedules of one tape found.
public struct FaultReport: Sendable, CustomStringConvertible {
    /// The tape's path, as given.
    public var tape: String
    /// How many schedules ran.
    public var runs: Int
    /// The schedules the app did not take well.
    public var failures: [FaultFailure]
    /// Why no schedule ran (an unreadable tape, no seed, no record with a connection open): the
    /// check then fails.
    public var noRun: String?

    /// Whether schedules ran and every one passed.
    public var passed: Bool { failures.isEmpty && noRun == nil && runs > 0 }

    /// A line with the tape's file name and the counts, then each failure; failures that shrink
    /// to the same schedule with the same problems are one entry, the first in full and the other
    /// seeds named after it.
    public var description: String {
        let name = tape.split(separator: "/").last.map(String.init) ?? tape
        if let noRun { return "\(name): \(noRun)" }
        let head = "\(name): \(runs) fault schedule\(runs == 1 ? "" : "s"), \(failures.count) failed"
        var groups: [(first: FaultFailure, others: [FaultFailure])] = []
        for failure in failures {
            if let index = groups.firstIndex(where: { $0.first.shrunk == failure.shrunk && $0.first.problems == failure.problems }
            ) {
                groups[index].others.append(failure)
            } else {
                groups.append((failure, []))
            }
        }
        let entries = groups.map { group in
            let seeds = group.others.compactMap(\.seed).map(String.init)
            guard !seeds.isEmpty else { return group.first.description }
            return group.first.description + "\n    the same with seed\(seeds.count == 1 ? "" : "s") "
                + seeds.joined(separator: ", ")
        }
        return ([head] + entries).joined(separator: "\n")
    }
}
