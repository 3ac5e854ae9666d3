import TapedeckProtocol
import TapedeckReplay
import TapedeckScenario
import TapedeckState

/// Replays a tape held in memory (or a subset of its records) through `ClientState` and finds the
/// first failure: a broken invariant, a message that does not decode, a checkpoint whose state
/// differs from its golden, or the `--until` predicate becoming true.
public struct ReproSearch: Sendable {
    public var predicate: StatePredicate?
    public var checkpoints: [Checkpoint]
    /// Where checkpoint goldens are read (never written); nil to skip golden comparison.
    public var goldens: GoldenStore?
    public var initialModel: ClientState
    /// Records shown before the failure in a report.
    public var contextRecords = 5

    public init(
        predicate: StatePredicate? = nil, checkpoints: [Checkpoint] = [], goldens: GoldenStore? = nil,
        initialModel: ClientState = ClientState()
    ) {
        self.predicate = predicate; self.checkpoints = checkpoints; self.goldens = goldens; self.initialModel = initialModel
    }

    /// The first failure over `indices` (all records when nil): its place in `indices`, kind and
    /// detail. Takes snapshots only for the predicate and checkpoints, so it is cheap without them.
    public func firstFailure(in tape: ReproTape, indices: [Int]? = nil) -> (offset: Int, kind: ReproFailureKind, detail: String)?
    {
        var replayer = Replayer(model: initialModel)
        var tracker = CheckpointTracker(checkpoints: checkpoints)
        let order = indices ?? Array(tape.records.indices)
        var lastTime: UInt64?
        for (offset, index) in order.enumerated() {
            let record = tape.records[index]
            for checkpoint in tracker.firingBefore(tapeTime: record.time) {
                if let found = mismatch(checkpoint, replayer.model) { return (max(offset - 1, 0), found.0, found.1) }
            }
            let step = replayer.apply(record, decoded: tape.inputs[index], number: offset)
            lastTime = record.time
            if !step.violations.isEmpty {
                return (
                    offset, .invariant(step.violations.map(\.name)), step.violations.map(\.description).joined(separator: "\n")
                )
            }
            if case .undecodable(let direction, let error) = step.input {
                let field = error.pathDescription.isEmpty ? "envelope" : error.pathDescription
                return (
                    offset, .decodeError("\(direction.name) \(field): expected \(error.expected)"),
                    "the \(direction.name) message does not decode: \(error)"
                )
            }
            if let predicate, step.input.changesState, predicate.holds(in: replayer.model.snapshot()) {
                return (offset, .predicate(predicate.text), "\(predicate.text) became true")
            }
            for checkpoint in tracker.firingAfter(step) {
                if let found = mismatch(checkpoint, replayer.model) { return (offset, found.0, found.1) }
            }
        }
        for checkpoint in tracker.firingAtEnd(lastTapeTime: lastTime, complete: tape.end == .complete) {
            if let found = mismatch(checkpoint, replayer.model) { return (max(order.count - 1, 0), found.0, found.1) }
        }
        return nil
    }

    /// The first failure with its context: the records before, the message, the state diff.
    public func find(in tape: ReproTape, indices: [Int]? = nil) -> ReproFailure? {
        let order = indices ?? Array(tape.records.indices)
        guard let (offset, kind, detail) = firstFailure(in: tape, indices: order) else { return nil }
        let index = order[offset]
        let before = state(of: tape, indices: Array(order[..<offset]))
        let after = state(of: tape, indices: Array(order[...offset]))
        var replayer = Replayer(model: initialModel, checksInvariants: false)
        var position = RecordPosition(
            tape: 0, record: offset, tapeTime: tape.records[index].time,
            sessionTime: VirtualTime(nanoseconds: tape.records[index].time))
        for (number, recordIndex) in order[...offset].enumerated() {
            position = replayer.apply(tape.records[recordIndex], decoded: tape.inputs[recordIndex], number: number).position
        }
        let context = order[max(0, offset - contextRecords)..<offset].map { tape.line($0) }
        return ReproFailure(
            kind: kind, index: index, position: position, input: tape.inputs[index],
            payload: tape.records[index].payload, detail: detail,
            before: before.snapshot(), after: after.snapshot(), context: context)
    }

    /// The model after the records at `indices`, without invariant checks.
    public func state(of tape: ReproTape, indices: [Int]) -> ClientState {
        var replayer = Replayer(model: initialModel, checksInvariants: false)
        for (number, index) in indices.enumerated() {
            _ = replayer.apply(tape.records[index], decoded: tape.inputs[index], number: number)
        }
        return replayer.model
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
