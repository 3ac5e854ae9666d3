import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// Replays tape files through a model: the session driver behind `tapedeck replay`, `check` and
/// TapedeckTesting. Tapes play one after another as one session (see `Replayer`).
public struct TapeReplay<Model: ClientModel> {
    public var tapes: [String]
    public var initialModel: Model
    public var limit: ReplayLimit?
    public var checksInvariants = true
    /// Stop at the first message that does not decode (otherwise it is counted and skipped).
    public var stopsOnDecodeFailure = false
    /// Checkpoints per tape, by the tape's index in `tapes`.
    public var checkpoints: [Int: [Checkpoint]] = [:]
    /// Called after every record with the model (for per-record digests); nil to skip.
    public var afterEachRecord: ((RecordPosition, ReplayInput, Model) -> Void)?

    public init(tapes: [String], model: Model, limit: ReplayLimit? = nil) {
        self.tapes = tapes; self.initialModel = model; self.limit = limit
    }

    /// Plays the session. Throws only when a tape cannot be opened at all (missing, not a tape,
    /// newer format, damaged header); a tape truncated or damaged later ends the replay of that
    /// tape, which `ReplayResult.tapes` reports, and the session goes on with the next tape.
    public func run() throws(TapeError) -> ReplayResult<Model> {
        var replayer = Replayer(model: initialModel, checksInvariants: checksInvariants)
        var result = ReplayResult(model: initialModel, statistics: ReplayStatistics(), tapes: [], stop: nil,
                                  lastPosition: nil, hits: [], unreached: [])
        var sessionRecord = -1
        var lastInput: ReplayInput?
        var lastPayload: [UInt8] = []
        session: for (tapeIndex, path) in tapes.enumerated() {
            let reader = try TapeReader(path: path)
            replayer.startTape()
            var tracker = CheckpointTracker(checkpoints: checkpoints[tapeIndex] ?? [])
            var number = 0
            var lastTapeTime: UInt64?
            func hit(_ checkpoint: Checkpoint) {
                result.hits.append(CheckpointHit(checkpoint: checkpoint, position: result.lastPosition, input: lastInput,
                                                 payload: lastPayload, snapshot: replayer.model.snapshot()))
            }
            while true {
                let record: TapeRecord
                do {
                    guard let next = try reader.next() else { break }
                    record = next
                } catch {
                    break
                }
                if let limit, Self.isPast(limit, sessionRecord: sessionRecord + 1, tapeTime: record.time, replayer: replayer) {
                    for checkpoint in tracker.firingBefore(tapeTime: record.time) { hit(checkpoint) }
                    result.stop = .limit(limit)
                    result.tapes.append(.init(path: path, records: number, end: nil))
                    result.unreached += tracker.remaining.map { ($0, "the replay stopped at --until \(limit)") }
                    break session
                }
                for checkpoint in tracker.firingBefore(tapeTime: record.time) { hit(checkpoint) }
                let step = replayer.apply(record, number: number)
                sessionRecord += 1
                number += 1
                lastTapeTime = record.time
                result.lastPosition = step.position
                lastInput = step.input
                lastPayload = record.payload
                afterEachRecord?(step.position, step.input, replayer.model)
                if !step.violations.isEmpty {
                    result.stop = .invariant(InvariantStop(
                        position: step.position, input: step.input, payload: record.payload, violations: step.violations,
                        before: stateBefore(sessionRecord: sessionRecord).snapshot(), after: replayer.model.snapshot()))
                } else if stopsOnDecodeFailure, case .undecodable = step.input, let failure = replayer.statistics.decodeFailures.last {
                    result.stop = .decodeFailure(failure)
                }
                if let stop = result.stop {
                    result.tapes.append(.init(path: path, records: number, end: nil))
                    let why: String
                    switch stop {
                    case .invariant(let broken): why = "the replay stopped at \(broken.position): invariant \(broken.names.joined(separator: ", "))"
                    case .decodeFailure(let failure): why = "the replay stopped at \(failure.position): the message does not decode"
                    case .limit(let limit): why = "the replay stopped at --until \(limit)"
                    }
                    result.unreached += tracker.remaining.map { ($0, why) }
                    break session
                }
                for checkpoint in tracker.firingAfter(step) { hit(checkpoint) }
            }
            let end = reader.end ?? .complete
            result.tapes.append(.init(path: path, records: number, end: end))
            for checkpoint in tracker.firingAtEnd(lastTapeTime: lastTapeTime, complete: end == .complete) { hit(checkpoint) }
            let ending = end == .complete ? "the tape ends first" : "the tape is cut short (\(Self.describe(end)))"
            result.unreached += tracker.remaining.map { ($0, "not reached: \(ending)") }
        }
        result.model = replayer.model
        result.statistics = replayer.statistics
        return result
    }

    /// The model after every record before `sessionRecord` (replayed again: the hot path keeps no copies).
    func stateBefore(sessionRecord: Int) -> Model {
        guard sessionRecord > 0 else { return initialModel }
        var again = TapeReplay(tapes: tapes, model: initialModel, limit: .record(sessionRecord - 1))
        again.checksInvariants = false
        return (try? again.run().model) ?? initialModel
    }

    static func isPast(_ limit: ReplayLimit, sessionRecord: Int, tapeTime: UInt64, replayer: Replayer<Model>) -> Bool {
        switch limit {
        case .record(let last): sessionRecord > last
        case .time(let last): replayer.sessionTime(ofTapeTime: tapeTime) > last
        }
    }

    static func describe(_ end: TapeEnd) -> String {
        switch end {
        case .complete: "complete"
        case .truncated(let records, let byte): "truncated after record \(records) at byte \(byte)"
        case .damaged(let records, let byte, let reason): "damaged at byte \(byte) after record \(records): \(reason)"
        }
    }
}
