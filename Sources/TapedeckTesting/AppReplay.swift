import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Replays tapes into the app's own client code (an `AppClientAdapter`) from the app's test
/// target, with the tapes' checkpoints and the app's own goldens:
///
/// ```swift
/// @MainActor @Test func corpusStillMatches() async throws {
///     let replay = AppReplay(goldens: "Tests/Goldens", ignoring: ["lifeEvents[*].claimedAt"]) { BaoLifeAdapter() }
///     try await replay.assertCheckpoints(tape: "Recordings/core-loop.tape")
/// }
/// ```
///
/// Each record becomes a `SocketEvent` with its exact bytes; after each one the adapter settles
/// before anything is compared. Checkpoints come from `NAME.checkpoints` beside the tape; goldens
/// live in `goldens/NAME/CHECKPOINT.json` (written when missing under `record: .missing`). The
/// failure report of a broken invariant shows the state before the record, from a fresh adapter
/// (`makeAdapter`) replayed up to it: nothing is copied.
public struct AppReplay<Adapter: AppClientAdapter> {
    public var options: CheckOptions
    /// Check the adapter's invariants after every event it was given.
    public var checksInvariants = true
    public let makeAdapter: @MainActor () -> Adapter
    /// A pattern of `ignoring` that did not parse: every check then fails with it.
    public let patternError: IgnorePatternError?

    public init(
        goldens: String, ignoring: [String] = [], record: RecordMode = .missing,
        makeAdapter: @escaping @MainActor () -> Adapter
    ) {
        var filter = SnapshotFilter.none
        var patternError: IgnorePatternError?
        do { filter = try SnapshotFilter(ignoring: ignoring) } catch { patternError = error }
        self.options = CheckOptions(record: record, goldens: goldens, filter: filter)
        self.patternError = patternError
        self.makeAdapter = makeAdapter
    }

    /// Replays one tape with its checkpoints and compares each with its golden: a case per
    /// checkpoint, then `invariants` and `tape`, as `tapedeck check` reports them.
    @MainActor
    public func check(tape: String) async -> TapeCheckReport {
        var file = TapeCheck.checkpoints(forTape: tape)
        if let patternError {
            file.problems.append(patternError.description)
            file.unreadable = true
        }
        let played: (log: ReplayLog, adapter: Adapter)
        do {
            played = try await play(tapes: [tape], checkpoints: [0: file.checkpoints])
        } catch {
            return TapeCheck.unreadable(tape: tape, file: file, error: error)
        }
        return TapeCheck.report(
            tape: tape, file: file, log: played.log, finalSnapshot: snapshot(of: played.adapter),
            store: options.goldenStore(forTape: tape))
    }

    /// Throws a `TapeTestFailure`, whose description is every failing case with its diff, unless
    /// every checkpoint matches its golden, every invariant holds and the tape reads whole.
    @MainActor
    public func assertCheckpoints(tape: String) async throws(TapeTestFailure) {
        let report = await check(tape: tape)
        if !report.passed { throw TapeTestFailure(tape: tape, failures: report.failures) }
    }

    /// Checks every tape of a folder (as `tapedeck check FOLDER` finds them), one after another.
    @MainActor
    public func check(folder: String) async throws -> [TapeCheckReport] {
        var reports: [TapeCheckReport] = []
        for tape in try CheckRunner.findTapes(in: folder) { reports.append(await check(tape: tape)) }
        return reports
    }

    /// Plays the tapes as one session through a fresh adapter.
    @MainActor
    func play(tapes: [String], checkpoints: [Int: [Checkpoint]] = [:], limit: ReplayLimit? = nil) async throws(TapeError)
        -> (log: ReplayLog, adapter: Adapter)
    {
        let adapter = makeAdapter()
        var cursor = ReplayCursor(tapes: tapes, checkpoints: checkpoints, limit: limit)
        while let next = try cursor.next() {
            switch next {
            case .checkpoint(let checkpoint):
                cursor.reached(checkpoint, snapshot: snapshot(of: adapter))
            case .record(let record, let input, let position):
                guard let event = SocketEvent(record) else {
                    _ = cursor.applied(record, input, delivered: false, modelViolations: [])
                    continue
                }
                adapter.handle(event, at: position.sessionTime)
                await adapter.settle()
                let broken = cursor.applied(
                    record, input, delivered: true,
                    modelViolations: checksInvariants ? adapter.checkInvariants() : [])
                if !broken.isEmpty {
                    let before = try await stateBefore(tapes: tapes, sessionRecord: cursor.sessionRecord)
                    cursor.stop(at: broken, before: before, after: snapshot(of: adapter))
                }
            }
        }
        return (cursor.log, adapter)
    }

    /// The snapshot of a fresh adapter after every record before `sessionRecord`.
    @MainActor
    func stateBefore(tapes: [String], sessionRecord: Int) async throws(TapeError) -> JSONValue {
        guard sessionRecord > 0 else { return snapshot(of: makeAdapter()) }
        var again = self
        again.checksInvariants = false
        return snapshot(of: try await again.play(tapes: tapes, limit: .record(sessionRecord - 1)).adapter)
    }

    @MainActor
    func snapshot(of adapter: Adapter) -> JSONValue { options.filter.apply(adapter.snapshotJSON()) }
}
