import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Replays the tapes as one session through two adapters side by side (the app before and after a
/// refactor, say) and returns the first record after which their snapshots differ, with the diff
/// (`makeA`'s as −, `makeB`'s as +); nil when they agree throughout. Both settle after every
/// event before they are compared. Throws for a tape that cannot be opened or a bad pattern.
@MainActor
public func compareApps<A: AppClientAdapter, B: AppClientAdapter>(
    tapes: [String], ignoring: [String] = [], _ makeA: @MainActor () -> A, _ makeB: @MainActor () -> B
) async throws -> ModelDivergence? {
    let filter = try SnapshotFilter(ignoring: ignoring)
    let left = makeA()
    let right = makeB()
    func divergence() -> SnapshotDiff? {
        SnapshotDiff(expected: filter.apply(left.snapshotJSON()), actual: filter.apply(right.snapshotJSON()))
    }
    if let diff = divergence() {
        return ModelDivergence(
            position: RecordPosition(tape: 0, record: -1, tapeTime: 0, sessionTime: .zero),
            input: .passive(.open), payload: [], diff: diff)
    }
    var cursor = ReplayCursor(tapes: tapes)
    while let next = try cursor.next() {
        guard case .record(let record, let input, let position) = next else { continue }
        guard let event = SocketEvent(record) else {
            _ = cursor.applied(record, input, delivered: false, modelViolations: [])
            continue
        }
        left.handle(event, at: position.sessionTime)
        right.handle(event, at: position.sessionTime)
        await left.settle()
        await right.settle()
        _ = cursor.applied(record, input, delivered: true, modelViolations: [])
        if let diff = divergence() {
            return ModelDivergence(position: position, input: input, payload: record.payload, diff: diff)
        }
    }
    return nil
}
