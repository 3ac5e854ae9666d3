import TapedeckChecks
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// Replays one tape alone (as `tapedeck check` does, so the goldens apply) and judges every
/// checkpoint of its search against its golden. Unlike `check`, it goes on past a broken
/// invariant: the report shows the invariant as the failure and still every checkpoint's state.
enum CheckpointEvaluation {
    static func evaluate(_ tape: ReproTape, tapeIndex: Int, search: ReproSearch) -> [ReportCheckpoint] {
        guard !search.checkpoints.isEmpty else { return [] }
        var model = search.initialModel
        var cursor = ReplayCursor(reading: [tape.replayTape()], checkpoints: [0: search.checkpoints])
        cursor.stopsOnBrokenRules = false
        var judged: [String: ReportCheckpoint] = [:]
        // A tape in memory opens without error.
        while let next = try? cursor.next() {
            switch next {
            case .checkpoint(let checkpoint):
                let snapshot = model.snapshot()
                cursor.reached(checkpoint, snapshot: snapshot)
                judged[checkpoint.name] = ReportCheckpoint(
                    tape: tapeIndex, name: checkpoint.name, trigger: checkpoint.trigger.description,
                    line: checkpoint.line, position: cursor.log.lastPosition.map { "after \($0)" } ?? "before the first record",
                    digest: SnapshotDigest.hex(snapshot), outcome: outcome(of: checkpoint, snapshot, search.goldens))
            case .record(let record, let input, let position):
                let delivered = model.replay(record, decoded: input, at: position.sessionTime)
                _ = cursor.applied(record, input, delivered: delivered, modelViolations: [])
            }
        }
        for (checkpoint, why) in cursor.log.unreached {
            judged[checkpoint.name] = ReportCheckpoint(
                tape: tapeIndex, name: checkpoint.name, trigger: checkpoint.trigger.description,
                line: checkpoint.line, position: nil, digest: nil, outcome: .notReached(why))
        }
        return search.checkpoints.compactMap { judged[$0.name] }
    }

    private static func outcome(of checkpoint: Checkpoint, _ snapshot: JSONValue, _ goldens: GoldenStore?)
        -> ReportCheckpoint.Outcome
    {
        switch goldens?.check(checkpoint.name, snapshot: snapshot) {
        case .matched?: .passed
        case .mismatched(let diff)?: .failed(lines: diff.lines, changedPaths: diff.changedPaths)
        case .missing(let path)?, .recorded(let path, _)?: .noGolden(path: path)
        case .unreadable(let path, let reason)?: .unreadableGolden(path: path, reason: reason)
        case nil: .noGolden(path: "(no golden folder)")
        }
    }
}
