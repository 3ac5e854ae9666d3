import TapedeckProtocol
import TapedeckReplay
import TapedeckRepro
import TapedeckState

/// Replays one tape alone (as `tapedeck check` does, so the goldens apply) and judges every
/// checkpoint of its search against its golden. Unlike `check`, it goes on past a broken
/// invariant: the report shows the invariant as the failure and still every checkpoint's state.
enum CheckpointEvaluation {
    static func evaluate(_ tape: ReproTape, tapeIndex: Int, search: ReproSearch) -> [ReportCheckpoint] {
        guard !search.checkpoints.isEmpty else { return [] }
        var replayer = Replayer(model: search.initialModel, checksInvariants: false)
        var tracker = CheckpointTracker(checkpoints: search.checkpoints)
        var judged: [String: ReportCheckpoint] = [:]
        var position = "before the first record"
        func judge(_ checkpoint: Checkpoint) {
            let snapshot = replayer.model.snapshot()
            let outcome: ReportCheckpoint.Outcome
            switch search.goldens?.check(checkpoint.name, snapshot: snapshot) {
            case .matched?: outcome = .passed
            case .mismatched(let diff)?: outcome = .failed(lines: diff.lines, changedPaths: diff.changedPaths)
            case .missing(let path)?, .recorded(let path, _)?: outcome = .noGolden(path: path)
            case .unreadable(let path, let reason)?: outcome = .unreadableGolden(path: path, reason: reason)
            case nil: outcome = .noGolden(path: "(no golden folder)")
            }
            judged[checkpoint.name] = ReportCheckpoint(
                tape: tapeIndex, name: checkpoint.name, trigger: checkpoint.trigger.description,
                line: checkpoint.line, position: position,
                digest: SnapshotDigest.hex(snapshot), outcome: outcome)
        }
        for (number, record) in tape.records.enumerated() {
            for checkpoint in tracker.firingBefore(tapeTime: record.time) { judge(checkpoint) }
            let step = replayer.apply(record, decoded: tape.inputs[number], number: number)
            position = "after \(step.position)"
            for checkpoint in tracker.firingAfter(step) { judge(checkpoint) }
        }
        let complete = tape.end == .complete
        for checkpoint in tracker.firingAtEnd(lastTapeTime: tape.records.last?.time, complete: complete) { judge(checkpoint) }
        let why =
            complete
            ? "not reached: the tape ends first" : "not reached: the tape is cut short (\(ReportTape.describe(tape.end)))"
        for checkpoint in tracker.remaining {
            judged[checkpoint.name] = ReportCheckpoint(
                tape: tapeIndex, name: checkpoint.name, trigger: checkpoint.trigger.description,
                line: checkpoint.line, position: nil, digest: nil, outcome: .notReached(why))
        }
        return search.checkpoints.compactMap { judged[$0.name] }
    }
}
