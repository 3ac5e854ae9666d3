import TapedeckCore
import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// A replay of a session without the model, and the only place replay rules live: it reads the
/// tapes in order (files, or records in memory: `ReplayTape`), decodes each record, keeps the
/// clock, statistics and stream rules (`ReplayFeed`, `ClaimLedger`), places the checkpoints
/// (`CheckpointTracker`), applies `--until` and decides where the replay stops. A driver asks it
/// what to do next and does that with its model, so the same rules serve every command — `check`,
/// `replay` and `coverage` (`TapeReplay`), `repro` and `shrink` (`ReproSearch`), `report`
/// (`SessionReportBuilder`), `diff` (`SessionDiff`) — and an app's main-actor code that settles
/// asynchronously (TapedeckTesting's `AppReplay`):
///
/// ```swift
/// while let next = try cursor.next() {
///     switch next {
///     case .checkpoint(let checkpoint): cursor.reached(checkpoint, snapshot: filter.apply(model.snapshotJSON()))
///     case .record(let record, let input, let position):
///         let delivered = model.replay(record, decoded: input, at: position.sessionTime)
///         let broken = cursor.applied(record, input, delivered: delivered,
///                                     modelViolations: delivered ? model.checkInvariants() : [])
///         if !broken.isEmpty { cursor.stop(at: broken, before: stateBefore, after: stateNow) }
///     }
/// }
/// ```
public struct ReplayCursor {
    /// What the driver does next.
    public enum Next {
        /// Take the model's snapshot now and pass it to `reached(_:snapshot:)`.
        case checkpoint(Checkpoint)
        /// Hand the record to the model, then report with `applied(_:_:delivered:modelViolations:)`.
        case record(TapeRecord, ReplayInput, RecordPosition)
    }

    /// The session's tapes, read in this order as one session across reconnects.
    public let tapes: [ReplayTape]
    /// Where the replay stops (`--until`): a session record number or session time; nil for the whole session.
    public let limit: ReplayLimit?
    /// Stop at the first message that does not decode and did not reach the model.
    public var stopsOnDecodeFailure = false
    /// Whether broken rules end the replay (the driver calls `stop`). Off for a view of the whole
    /// session (`report`'s checkpoints and timeline, `diff`): `applied` still returns the broken
    /// rules, and the checkpoints after that record fire as after any other.
    public var stopsOnBrokenRules = true
    /// Checkpoints per tape, by the tape's index in `tapes`.
    public let checkpoints: [Int: [Checkpoint]]
    /// What the replay went through so far; complete once `next()` returns nil.
    public private(set) var log = ReplayLog()
    /// The session-wide index of the last record handed out (-1 before the first).
    public private(set) var sessionRecord = -1

    private var feed = ReplayFeed()
    private var tapeIndex = -1
    private var reader: RecordSource?
    private var tracker = CheckpointTracker(checkpoints: [])
    private var number = 0
    private var lastTapeTime: UInt64?
    private var held: RecordSource.Record?
    private var due: [Checkpoint] = []
    /// The record handed out and not yet reported: its place and the stream rules it broke.
    /// (The record and its input stay with the driver, which hands them back: no copies.)
    private var current: (position: RecordPosition, stream: [InvariantViolation])?
    private var lastInput: ReplayInput?
    private var lastPayload: [UInt8] = []
    private var finished = false

    /// A cursor over tape files.
    ///
    /// - Parameters:
    ///   - tapes: The tapes' file paths, in session order.
    ///   - checkpoints: Checkpoints per tape, by the tape's index in `tapes`; empty for none.
    ///   - limit: Where to stop (`--until`); nil to read every tape to its end.
    public init(tapes: [String], checkpoints: [Int: [Checkpoint]] = [:], limit: ReplayLimit? = nil) {
        self.init(reading: tapes.map(ReplayTape.file), checkpoints: checkpoints, limit: limit)
    }

    /// A cursor over tapes as files or records in memory.
    ///
    /// - Parameters:
    ///   - tapes: The tapes, in session order.
    ///   - checkpoints: Checkpoints per tape, by the tape's index in `tapes`; empty for none.
    ///   - limit: Where to stop (`--until`); nil to read every tape to its end.
    public init(reading tapes: [ReplayTape], checkpoints: [Int: [Checkpoint]] = [:], limit: ReplayLimit? = nil) {
        self.tapes = tapes
        self.checkpoints = checkpoints
        self.limit = limit
    }

    /// The next thing to do, or nil when the replay is over (`log` then holds everything). Throws
    /// only when a tape cannot be opened at all; a tape cut short ends that tape, which the log
    /// reports, and the session goes on with the next.
    ///
    /// - Returns: A checkpoint to snapshot or a record to apply; nil once the session is over.
    /// - Throws: `TapeError` when a tape cannot be opened (missing, unreadable, not a tape).
    public mutating func next() throws(TapeError) -> Next? {
        precondition(current == nil, "report the record with applied(_:_:delivered:modelViolations:) first")
        while true {
            if !due.isEmpty { return .checkpoint(due.removeFirst()) }
            if let record = held {
                held = nil
                return take(record)
            }
            if finished { return nil }
            guard let reader else {
                try openNextTape()
                continue
            }
            guard let record = reader.next() else {
                finishTape(reader)
                continue
            }
            if let limit, isPast(limit, tapeTime: record.record.time) {
                due += tracker.firingBefore(tapeTime: record.record.time)
                end(.limit(limit), why: "the replay stopped at --until \(limit)")
                continue
            }
            if !tracker.remaining.isEmpty { due += tracker.firingBefore(tapeTime: record.record.time) }
            if due.isEmpty { return take(record) }
            held = record
        }
    }

    /// The state at a checkpoint `next()` asked for.
    ///
    /// - Parameters:
    ///   - checkpoint: The checkpoint `next()` returned.
    ///   - snapshot: The model's snapshot now, filtered as the checkpoint's comparison expects.
    public mutating func reached(_ checkpoint: Checkpoint, snapshot: JSONValue) {
        log.hits.append(
            CheckpointHit(
                checkpoint: checkpoint, position: log.lastPosition, input: lastInput,
                payload: lastPayload, snapshot: snapshot))
    }

    /// Reports what the model did with the record `next()` handed out (passed back with its
    /// input): whether the model was given the record, and the model's rules broken after it.
    /// Returns every broken rule (the model's, then the stream's); when there are any, the driver
    /// calls `stop(at:before:after:)`.
    ///
    /// - Parameters:
    ///   - record: The record `next()` handed out.
    ///   - input: Its decoded input, as `next()` handed it out.
    ///   - delivered: Whether the model was given the record (false when it skipped it).
    ///   - modelViolations: The model's invariants broken after the record; empty when none or not delivered.
    /// - Returns: The model's broken rules followed by the stream's; empty when none broke.
    public mutating func applied(
        _ record: TapeRecord, _ input: ReplayInput, delivered: Bool,
        modelViolations: [InvariantViolation]
    ) -> [InvariantViolation] {
        guard let (position, stream) = current else {
            preconditionFailure("applied(_:_:delivered:modelViolations:) without a record from next()")
        }
        current = nil
        log.lastPosition = position
        lastInput = input
        lastPayload = record.payload
        if case .undecodable(let direction, let error) = input {
            feed.noteUndecodable(record, direction: direction, error: error, at: position, reachedModel: delivered)
        }
        let broken = modelViolations + stream
        if !broken.isEmpty, stopsOnBrokenRules { return broken }
        if stopsOnDecodeFailure, case .undecodable = input, !delivered, let failure = feed.statistics.decodeFailures.last {
            end(.decodeFailure(failure), why: "the replay stopped at \(failure.position): the message does not decode")
            return broken
        }
        if !tracker.remaining.isEmpty {
            // The payload only when the model got the bytes: a model that parses them itself got
            // a message Tapedeck's decoder rejects, and `first TYPE` counts it.
            due += tracker.firingAfter(position: position, input: input, payload: delivered ? record.payload : nil)
        }
        return broken
    }

    /// Ends the replay at the record just applied, whose invariants `applied` found broken; `before`
    /// and `after` are the model's snapshots around that record.
    ///
    /// - Parameters:
    ///   - violations: The broken rules `applied` returned.
    ///   - before: The model's snapshot before the record.
    ///   - after: The model's snapshot after the record.
    public mutating func stop(at violations: [InvariantViolation], before: JSONValue, after: JSONValue) {
        guard let position = log.lastPosition, let input = lastInput else { return }
        let stop = InvariantStop(
            position: position, input: input, payload: lastPayload, violations: violations,
            before: before, after: after)
        end(.invariant(stop), why: "the replay stopped at \(position): invariant \(stop.names.joined(separator: ", "))")
    }

    private mutating func openNextTape() throws(TapeError) {
        tapeIndex += 1
        guard tapeIndex < tapes.count else {
            finished = true
            log.statistics = feed.statistics
            return
        }
        reader = try RecordSource(tapes[tapeIndex])
        feed.startTape()
        tracker = CheckpointTracker(checkpoints: checkpoints[tapeIndex] ?? [])
        number = 0
        lastTapeTime = nil
    }

    private mutating func finishTape(_ reader: RecordSource) {
        let end = reader.end
        log.tapes.append(.init(path: reader.path, records: number, end: end))
        due += tracker.firingAtEnd(lastTapeTime: lastTapeTime, complete: end == .complete)
        let ending = end == .complete ? "the tape ends first" : "the tape is cut short (\(Self.describe(end)))"
        log.unreached += tracker.remaining.map { ($0, "not reached: \(ending)") }
        self.reader = nil
    }

    private mutating func take(_ next: RecordSource.Record) -> Next {
        let (record, input) = (next.record, next.input ?? ReplayInput(decoding: next.record))
        let (position, stream) = feed.take(record, decoded: input, number: number)
        sessionRecord += 1
        number += 1
        lastTapeTime = record.time
        current = (position, stream)
        return .record(record, input, position)
    }

    /// Ends the session early: the tape being read is left unfinished, its other checkpoints unreached.
    private mutating func end(_ stop: ReplayLog.Stop, why: String) {
        log.stop = stop
        if let reader { log.tapes.append(.init(path: reader.path, records: number, end: nil)) }
        log.unreached += tracker.remaining.map { ($0, why) }
        tracker = CheckpointTracker(checkpoints: [])
        reader = nil
        held = nil
        finished = true
        log.statistics = feed.statistics
    }

    private func isPast(_ limit: ReplayLimit, tapeTime: UInt64) -> Bool {
        switch limit {
        case .record(let last): sessionRecord + 1 > last
        case .time(let last): feed.sessionTime(ofTapeTime: tapeTime) > last
        }
    }

    /// How a tape ended, for a report: `complete`, or where it was truncated or damaged.
    ///
    /// - Parameter end: How the tape's reader found its end.
    /// - Returns: One phrase, such as `truncated after record 12 at byte 4096`.
    public static func describe(_ end: TapeEnd) -> String {
        switch end {
        case .complete: "complete"
        case .truncated(let records, let byte): "truncated after record \(records) at byte \(byte)"
        case .damaged(let records, let byte, let reason): "damaged at byte \(byte) after record \(records): \(reason)"
        }
    }
}
