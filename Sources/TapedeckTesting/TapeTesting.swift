internal import TapedeckChecks
import TapedeckTape

/// Replays tapes against a model that runs synchronously (a `SocketModel` fed the exact bytes,
/// or a typed `ClientModel`) from tests (XCTest or Swift Testing), with the same checkpoints,
/// goldens and diffs as `tapedeck check`. For an app's main-actor view models, use `AppReplay`.
///
/// ```swift
/// @Test func loginTapeStillMatches() throws {
///     try TapeTesting.assertCheckpoints(tape: "Recordings/login.tape", model: AppStateModel(), record: .none)
/// }
/// // XCTest:
/// TapeTesting.assertCheckpoints(tape: path, model: AppStateModel()) { XCTFail($0) }
/// ```
public enum TapeTesting {
    /// The full report: a case per checkpoint, then `invariants` and `tape`. `TAPEDECK_RECORD`
    /// in the environment overrides `record`.
    public static func check<Model: SocketModel>(tape: String, model: Model, record: RecordMode = .missing) -> TapeCheckReport {
        do {
            return TapeCheck.run(tape: tape, model: model, mode: try RecordMode.fromEnvironment(default: record))
        } catch {
            return TapeCheckReport(
                path: tape, cases: [CheckCase(name: CheckCase.tape, passed: false, message: error.description)], unreadable: true)
        }
    }

    /// The same with goldens in a folder of the caller's (`FOLDER/NAME/`), ignored paths, and a
    /// factory for class-based models (called again for the state before a broken invariant).
    public static func check<Model: SocketModel>(tape: String, options: CheckOptions, makeModel: @escaping () -> Model)
        -> TapeCheckReport
    {
        TapeCheck.run(tape: tape, options: options, makeModel: makeModel)
    }

    /// Throws a `TapeTestFailure` (its description is every failing case's diff) unless every
    /// checkpoint matches its golden, every invariant holds and the tape reads and decodes whole.
    public static func assertCheckpoints<Model: SocketModel>(
        tape: String, model: Model,
        record: RecordMode = .missing
    ) throws(TapeTestFailure) {
        let report = check(tape: tape, model: model, record: record)
        if !report.passed { throw TapeTestFailure(tape: tape, failures: report.failures) }
    }

    /// Calls `reportFailure` once per failing case with its message (the diff); returns whether
    /// everything passed. Pass `{ XCTFail($0) }` or `{ Issue.record(Comment(rawValue: $0)) }`.
    @discardableResult
    public static func assertCheckpoints<Model: SocketModel>(
        tape: String, model: Model, record: RecordMode = .missing,
        reportFailure: (String) -> Void
    ) -> Bool {
        let report = check(tape: tape, model: model, record: record)
        for failure in report.failures { reportFailure("\(tape): \(failure.name):\n\(failure.message)") }
        return report.passed
    }

    /// Writes the model's per-record state digests as JSON Lines, for
    /// `tapedeck replay TAPES --compare-digests FILE`. Returns how many records it wrote.
    @discardableResult
    public static func writeDigestTrace<Model: SocketModel>(tapes: [String], model: Model, to path: String) throws -> Int {
        let entries = try DigestTrace.record(tapes: tapes, model: model)
        try DigestTrace.write(entries, to: path)
        return entries.count
    }
}

/// Replays `tape` through both models record by record and returns the first record after which
/// their snapshots differ (nil when they agree throughout), with the diff (`a` as −, `b` as +).
public func compare<A: SocketModel, B: SocketModel>(_ a: A, _ b: B, tape: String, filter: SnapshotFilter = .none)
    throws(TapeError) -> ModelDivergence?
{
    try compare(a, b, tapes: [tape], filter: filter)
}

/// The same over several tapes played as one session.
public func compare<A: SocketModel, B: SocketModel>(_ a: A, _ b: B, tapes: [String], filter: SnapshotFilter = .none)
    throws(TapeError) -> ModelDivergence?
{
    var left = a
    var right = b
    if let diff = SnapshotDiff(expected: filter.apply(a.snapshotJSON()), actual: filter.apply(b.snapshotJSON())) {
        return ModelDivergence(
            position: RecordPosition(tape: 0, record: -1, tapeTime: 0, sessionTime: .zero),
            input: .passive(.open), payload: [], diff: diff)
    }
    var cursor = ReplayCursor(tapes: tapes)
    cursor.stopsOnBrokenRules = false
    var tape = 0
    while let next = try cursor.next() {
        guard case .record(let record, let input, let position) = next else { continue }
        if position.tape != tape {
            try throwIfCutShort(cursor.log)
            tape = position.tape
        }
        let delivered = left.replay(record, decoded: input, at: position.sessionTime)
        let other = right.replay(record, decoded: input, at: position.sessionTime)
        _ = cursor.applied(record, input, delivered: delivered || other, modelViolations: [])
        guard delivered || other else { continue }
        if let diff = SnapshotDiff(
            expected: filter.apply(left.snapshotJSON()), actual: filter.apply(right.snapshotJSON()))
        {
            return ModelDivergence(position: position, input: input, payload: record.payload, diff: diff)
        }
    }
    try throwIfCutShort(cursor.log)
    return nil
}

/// A comparison needs every record: a tape cut short is an error, as reading it says.
private func throwIfCutShort(_ log: ReplayLog) throws(TapeError) {
    guard let cut = log.incompleteTape else { return }
    switch cut.end {
    case .truncated(let records, let byte)?: throw .truncated(path: cut.path, afterRecords: records, atByte: byte)
    case .damaged(let records, let byte, let reason)?:
        throw .damaged(path: cut.path, afterRecords: records, atByte: byte, reason: reason)
    case .complete?, nil: return
    }
}
