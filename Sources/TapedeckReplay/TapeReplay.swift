import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// Replays tapes (files, or records in memory) through a model that runs synchronously: the
/// session driver behind `tapedeck replay`, `check`, `coverage`, the states `repro` shows and
/// TapedeckTesting's `TapeTesting`. Tapes play one after another as one session; `ReplayCursor`
/// holds the rules, this loop only runs the model.
public struct TapeReplay<Model: SocketModel> {
    /// The session's tapes, played one after another as one session across reconnects.
    public var tapes: [ReplayTape]
    /// Makes the model in its initial state: once for the replay, and again for the state before
    /// a broken invariant (a class-based model must come fresh from here, not be shared).
    public var makeModel: () -> Model
    /// Where the replay stops (`--until`): a session record number or session time; nil for the whole session.
    public var limit: ReplayLimit?
    /// Whether the model's `checkInvariants()` runs after every record it is given; false skips it.
    public var checksInvariants = true
    /// Whether a broken rule (the model's or the stream's) ends the replay (`ReplayCursor.stopsOnBrokenRules`).
    public var stopsOnBrokenRules = true
    /// Stop at the first message that does not decode and did not reach the model (otherwise it is
    /// counted and skipped).
    public var stopsOnDecodeFailure = false
    /// Checkpoints per tape, by the tape's index in `tapes`.
    public var checkpoints: [Int: [Checkpoint]] = [:]
    /// State left out of every snapshot (checkpoints and invariant reports).
    public var filter = SnapshotFilter.none
    /// Called after every record with the model (for per-record digests); nil to skip.
    public var afterEachRecord: ((RecordPosition, ReplayInput, Model) -> Void)?

    /// For a value-type model: `model` is copied for each replay.
    ///
    /// - Parameters:
    ///   - tapes: The tapes' file paths, in session order.
    ///   - model: The model in its initial state.
    ///   - limit: Where to stop (`--until`); nil to play every tape to its end.
    public init(tapes: [String], model: Model, limit: ReplayLimit? = nil) {
        self.init(tapes: tapes, limit: limit, makeModel: { model })
    }

    /// The same for tapes that may be in memory.
    ///
    /// - Parameters:
    ///   - tapes: The tapes, files or records in memory, in session order.
    ///   - model: The model in its initial state.
    ///   - limit: Where to stop (`--until`); nil to play every tape to its end.
    public init(reading tapes: [ReplayTape], model: Model, limit: ReplayLimit? = nil) {
        self.init(reading: tapes, limit: limit, makeModel: { model })
    }

    /// For any model, a class-based one included: `makeModel` makes a fresh one whenever one is needed.
    ///
    /// - Parameters:
    ///   - tapes: The tapes' file paths, in session order.
    ///   - limit: Where to stop (`--until`); nil to play every tape to its end.
    ///   - makeModel: Makes the model in its initial state.
    public init(tapes: [String], limit: ReplayLimit? = nil, makeModel: @escaping () -> Model) {
        self.init(reading: tapes.map(ReplayTape.file), limit: limit, makeModel: makeModel)
    }

    /// The same for tapes that may be in memory.
    ///
    /// - Parameters:
    ///   - tapes: The tapes, files or records in memory, in session order.
    ///   - limit: Where to stop (`--until`); nil to play every tape to its end.
    ///   - makeModel: Makes the model in its initial state.
    public init(reading tapes: [ReplayTape], limit: ReplayLimit? = nil, makeModel: @escaping () -> Model) {
        self.tapes = tapes
        self.makeModel = makeModel
        self.limit = limit
    }

    /// Plays the session. Throws only when a tape cannot be opened at all (missing, not a tape,
    /// newer format, damaged header); a tape truncated or damaged later ends the replay of that
    /// tape, which `ReplayResult.tapes` reports, and the session goes on with the next tape.
    ///
    /// - Returns: The model at the end (or at the stop) and the log of the replay.
    /// - Throws: `TapeError` when a tape cannot be opened at all.
    public func run() throws(TapeError) -> ReplayResult<Model> {
        var model = makeModel()
        var cursor = ReplayCursor(reading: tapes, checkpoints: checkpoints, limit: limit)
        cursor.stopsOnDecodeFailure = stopsOnDecodeFailure
        cursor.stopsOnBrokenRules = stopsOnBrokenRules
        while let next = try cursor.next() {
            switch next {
            case .checkpoint(let checkpoint):
                cursor.reached(checkpoint, snapshot: filter.apply(model.snapshotJSON()))
            case .record(let record, let input, let position):
                let delivered = model.replay(record, decoded: input, at: position.sessionTime)
                afterEachRecord?(position, input, model)
                let broken = cursor.applied(
                    record, input, delivered: delivered,
                    modelViolations: checksInvariants && delivered ? model.checkInvariants() : [])
                if !broken.isEmpty, stopsOnBrokenRules {
                    cursor.stop(
                        at: broken, before: filter.apply(stateBefore(sessionRecord: cursor.sessionRecord).snapshotJSON()),
                        after: filter.apply(model.snapshotJSON()))
                }
            }
        }
        return ReplayResult(model: model, log: cursor.log)
    }

    /// The model after every record before `sessionRecord` (replayed again: the hot path keeps no copies).
    func stateBefore(sessionRecord: Int) -> Model {
        guard sessionRecord > 0 else { return makeModel() }
        var again = TapeReplay(reading: tapes, limit: .record(sessionRecord - 1), makeModel: makeModel)
        again.checksInvariants = false
        return (try? again.run().model) ?? makeModel()
    }
}
