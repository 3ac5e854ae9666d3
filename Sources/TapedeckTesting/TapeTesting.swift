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
    ///
    /// - Parameters:
    ///   - tape: The tape's path; goldens live in `NAME.golden/` beside it, checkpoints in
    ///     `NAME.checkpoints`.
    ///   - model: The model in its starting state; the replay works on a copy.
    ///   - record: When goldens are written; `.missing` by default.
    /// - Returns: The report; a tape that cannot be read, or a `TAPEDECK_RECORD` that names no
    ///   mode, gives a failing `tape` case instead of throwing.
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
    ///
    /// - Parameters:
    ///   - tape: The tape's path; its checkpoints come from `NAME.checkpoints` beside it.
    ///   - options: The record mode (used as given: `TAPEDECK_RECORD` is not read here), the
    ///     goldens' folder, the ignored paths and how diffs pair array elements.
    ///   - makeModel: Makes a fresh model in its starting state, each time it is called.
    /// - Returns: The report: a case per checkpoint, then `invariants` and `tape`.
    public static func check<Model: SocketModel>(tape: String, options: CheckOptions, makeModel: @escaping () -> Model)
        -> TapeCheckReport
    {
        TapeCheck.run(tape: tape, options: options, makeModel: makeModel)
    }

    /// Throws a `TapeTestFailure` (its description is every failing case's diff) unless every
    /// checkpoint matches its golden, every invariant holds and the tape reads and decodes whole.
    ///
    /// - Parameters:
    ///   - tape: The tape's path; goldens live in `NAME.golden/` beside it.
    ///   - model: The model in its starting state.
    ///   - record: When goldens are written; `.missing` by default, overridden by `TAPEDECK_RECORD`.
    /// - Throws: `TapeTestFailure` with every failing case.
    public static func assertCheckpoints<Model: SocketModel>(
        tape: String, model: Model,
        record: RecordMode = .missing
    ) throws(TapeTestFailure) {
        let report = check(tape: tape, model: model, record: record)
        if !report.passed { throw TapeTestFailure(tape: tape, failures: report.failures) }
    }

    /// Calls `reportFailure` once per failing case with its message (the diff); returns whether
    /// everything passed. Pass `{ XCTFail($0) }` or `{ Issue.record(Comment(rawValue: $0)) }`.
    ///
    /// - Parameters:
    ///   - tape: The tape's path; goldens live in `NAME.golden/` beside it.
    ///   - model: The model in its starting state.
    ///   - record: When goldens are written; `.missing` by default, overridden by `TAPEDECK_RECORD`.
    ///   - reportFailure: Called with `TAPE: CASE:` and the case's message, once per failing case.
    /// - Returns: True when every case passed (and `reportFailure` was not called).
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
    ///
    /// - Parameters:
    ///   - tapes: The tapes' paths, replayed in order as one session.
    ///   - model: The model in its starting state.
    ///   - path: Where to write the trace; an existing file is replaced whole.
    /// - Returns: How many lines the trace has: one per record replayed.
    /// - Throws: The `TapeError` of a tape that cannot be read, or the error of writing `path`.
    @discardableResult
    public static func writeDigestTrace<Model: SocketModel>(tapes: [String], model: Model, to path: String) throws -> Int {
        let entries = try DigestTrace.record(tapes: tapes, model: model)
        try DigestTrace.write(entries, to: path)
        return entries.count
    }
}

/// Replays `tape` through both models record by record and returns the first record after which
/// their snapshots differ (nil when they agree throughout), with the diff (`a` as −, `b` as +).
///
/// - Parameters:
///   - a: The first model, in its starting state (shown as − in the diff).
///   - b: The second model, in its starting state (shown as + in the diff).
///   - tape: The tape's path.
///   - filter: Paths left out of both snapshots before they are compared; none by default.
/// - Returns: The first record after which the snapshots differ (record -1 when they differ
///   before the first record), or nil when they agree throughout.
/// - Throws: `TapeError` when the tape cannot be read, or is cut short or damaged: a comparison
///   needs every record.
public func compare<A: SocketModel, B: SocketModel>(_ a: A, _ b: B, tape: String, filter: SnapshotFilter = .none)
    throws(TapeError) -> ModelDivergence?
{
    try compare(a, b, tapes: [tape], filter: filter)
}

/// The same over several tapes played as one session.
///
/// - Parameters:
///   - a: The first model, in its starting state (shown as − in the diff).
///   - b: The second model, in its starting state (shown as + in the diff).
///   - tapes: The tapes' paths, played in order as one session.
///   - filter: Paths left out of both snapshots before they are compared; none by default.
/// - Returns: The first record after which the snapshots differ (record -1 when they differ
///   before the first record), or nil when they agree throughout.
/// - Throws: `TapeError` when a tape cannot be read, or is cut short or damaged: a comparison
///   needs every record.
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
