import TapedeckChecks
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// Replays a tape held in memory (or a subset of its records) through `ClientState` and finds the
/// first failure: a broken invariant, a message that does not decode, a checkpoint whose state
/// differs from its golden, or the `--until` predicate becoming true.
package struct ReproSearch: Sendable {
    package var predicate: (any StateCondition)?
    package var checkpoints: [Checkpoint]
    /// Where checkpoint goldens are read (never written); nil to skip golden comparison.
    package var goldens: GoldenStore?
    package var initialModel: ClientState
    /// Records shown before the failure in a report.
    package var contextRecords = 5

    package init(
        predicate: (any StateCondition)? = nil, checkpoints: [Checkpoint] = [], goldens: GoldenStore? = nil,
        initialModel: ClientState = ClientState()
    ) {
        self.predicate = predicate
        self.checkpoints = checkpoints
        self.goldens = goldens
        self.initialModel = initialModel
    }

    /// The first failure over `indices` (all records when nil): its place in `indices`, kind and
    /// detail. Takes snapshots only for the predicate and checkpoints, so it is cheap without them.
    /// The records replay through `ReplayCursor`, as `check` replays them, with `--until`'s
    /// predicate and the goldens judged at each step.
    package func firstFailure(in tape: ReproTape, indices: [Int]? = nil) -> (offset: Int, kind: ReproFailureKind, detail: String)?
    {
        var model = initialModel
        var cursor = ReplayCursor(reading: [tape.replayTape(indices)], checkpoints: [0: checkpoints])
        cursor.stopsOnDecodeFailure = true
        // A tape in memory opens without error: the loop below cannot throw.
        while let next = try? cursor.next() {
            switch next {
            case .checkpoint(let checkpoint):
                if let found = mismatch(checkpoint, model) { return (max(cursor.sessionRecord, 0), found.0, found.1) }
            case .record(let record, let input, let position):
                let delivered = model.replay(record, decoded: input, at: position.sessionTime)
                let broken = cursor.applied(
                    record, input, delivered: delivered, modelViolations: delivered ? model.checkInvariants() : [])
                let offset = cursor.sessionRecord
                if !broken.isEmpty {
                    return (offset, .invariant(broken.map(\.name)), broken.map(\.description).joined(separator: "\n"))
                }
                if case .decodeFailure(let failure)? = cursor.log.stop {
                    let field = failure.error.pathDescription.isEmpty ? "envelope" : failure.error.pathDescription
                    return (
                        offset, .decodeError("\(failure.direction.name) \(field): expected \(failure.error.expected)"),
                        "the \(failure.direction.name) message does not decode: \(failure.error)"
                    )
                }
                if let predicate, input.changesState, predicate.holds(in: model.snapshot()) {
                    return (offset, .predicate(predicate.description), "\(predicate) became true")
                }
            }
        }
        return nil
    }

    /// The first failure with its context: the records before, the message, the state diff.
    package func find(in tape: ReproTape, indices: [Int]? = nil) -> ReproFailure? {
        let order = indices ?? Array(tape.records.indices)
        guard let (offset, kind, detail) = firstFailure(in: tape, indices: order) else { return nil }
        let index = order[offset]
        let before = state(of: tape, indices: Array(order[..<offset]))
        let after = replay(tape, indices: Array(order[...offset]))
        let position =
            after.lastPosition
            ?? RecordPosition(
                tape: 0, record: offset, tapeTime: tape.records[index].time,
                sessionTime: VirtualTime(nanoseconds: tape.records[index].time))
        let context = order[max(0, offset - contextRecords)..<offset].map { tape.line($0) }
        return ReproFailure(
            kind: kind, index: index, position: position, input: tape.inputs[index],
            payload: tape.records[index].payload, detail: detail,
            before: before.snapshot(), after: after.model.snapshot(), context: context)
    }

    /// The model after the records at `indices`, without invariant checks.
    package func state(of tape: ReproTape, indices: [Int]) -> ClientState {
        replay(tape, indices: indices).model
    }

    /// The records at `indices` replayed to the end, past any broken rule.
    private func replay(_ tape: ReproTape, indices: [Int]) -> ReplayResult<ClientState> {
        var replay = TapeReplay(reading: [tape.replayTape(indices)], model: initialModel)
        replay.checksInvariants = false
        replay.stopsOnBrokenRules = false
        // A tape in memory opens without error.
        return (try? replay.run()) ?? ReplayResult(model: initialModel, log: ReplayLog())
    }

    private func mismatch(_ checkpoint: Checkpoint, _ model: ClientState) -> (ReproFailureKind, String)? {
        guard let goldens else { return nil }
        if case .mismatched(let diff) = goldens.check(checkpoint.name, snapshot: model.snapshot()) {
            return (
                .checkpointMismatch(checkpoint.name),
                "checkpoint \(checkpoint.name) (\(checkpoint.trigger)) differs from its golden\n"
                    + "golden: \(goldens.path(for: checkpoint.name))\n" + diff.text
            )
        }
        return nil
    }
}
