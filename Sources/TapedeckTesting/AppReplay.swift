internal import TapedeckChecks
import TapedeckCore
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Replays tapes into the app's own client code from the app's test target, with the tapes'
/// checkpoints, the app's own goldens and, through the replay socket, a check of everything the
/// app sends:
///
/// ```swift
/// @MainActor @Test func corpusStillMatches() async throws {
///     let replay = AppReplay(goldens: "Tests/Goldens", ignoring: ["lifeEvents[*].claimedAt"]) { network in
///         BaoLifeAdapter(network: network)
///     }
///     try await replay.assertCheckpoints(tape: "Recordings/core-loop.tape")
/// }
/// ```
///
/// With an `AppSocketAdapter` the app reads the tape through its own socket code (a `ReplaySocket`
/// from the `ReplayNetwork` it is given) and what it sends is matched against the tape's client
/// messages: the report gets a `sends` case beside the checkpoints. With an `AppClientAdapter`
/// each record is handed to the adapter as a `SocketEvent`. Either way the app settles after each
/// record before anything is compared. Checkpoints come from `NAME.checkpoints` beside the tape;
/// goldens live in `goldens/NAME/CHECKPOINT.json` (written when missing under `record: .missing`;
/// `TAPEDECK_RECORD=missing|all|none` in the environment overrides the mode given here). The failure report of a broken invariant shows the state before
/// the record, from a fresh app replayed up to it: nothing is copied.
public struct AppReplay<Adapter: AppUnderReplay> {
    /// The record mode (after `TAPEDECK_RECORD`), the goldens' folder and the ignored paths every
    /// check of this replay uses.
    public var options: CheckOptions
    /// Check the adapter's invariants after every event it was given.
    public var checksInvariants = true
    /// A pattern of `ignoring` (or of the send check) that did not parse, or a `TAPEDECK_RECORD`
    /// that is not a record mode: every check then fails with it.
    public let setupError: (any Error & CustomStringConvertible)?
    /// How the app's sends are compared with the tape's (through the socket only).
    let comparison: ClientMessageComparison
    /// How far the app's own reconnects may stray from the recording's (`SendCheck`).
    let reconnectTolerance: Duration
    /// Makes a fresh app for a replay: given the network it reads through (adapters that hand
    /// events over themselves ignore it).
    let makeAdapter: @MainActor (ReplayNetwork) -> Adapter
    /// Plays one record into the app and settles it; whether it reached the app.
    let play: @MainActor (inout Player, TapeRecord, RecordPosition) async -> Bool
    /// Whether the app reads through a `ReplaySocket` (and what it sends is checked).
    let throughSocket: Bool

    /// One replay's app, and the network it reads through.
    struct Player {
        var adapter: Adapter
        var network: ReplayNetwork
        var lockstep = SocketLockstep()

        /// Whether the app reads through the network (an event adapter never does).
        let throughSocket: Bool

        /// Starts a tape of the session: the network plays its recording from now on (read only
        /// where the app reads through it, and only when it was not read once already).
        @MainActor
        mutating func begin(tape path: String, finishing: Bool, sessionOffset: UInt64, readOnce: TapeReadOnce? = nil) {
            guard throughSocket else { return }
            if finishing { network.finish() }
            if let readOnce, readOnce.tape.path == path, let recording = readOnce.recording {
                return network.begin(recording, created: readOnce.created, sessionOffset: sessionOffset)
            }
            let tape = TapeReadOnce(path: path, decoding: false)
            network.begin(
                tape: path, records: tape?.tape.records ?? [], created: tape?.created ?? "", sessionOffset: sessionOffset)
        }
    }

    /// A tape read into memory once, for the cursor and the network both, and for a check that
    /// replays it many times (`checkCuts`): nothing reads or decodes it again.
    struct TapeReadOnce {
        var tape: TapeInMemory
        /// The tape's creation time (its metadata's).
        var created: String
        /// What the network reads from the records, when they are replayed through the socket.
        var recording: ReplayNetwork.Recording?

        /// Nil when the tape cannot be opened; a tape cut short keeps the records before the cut.
        /// `decoding`: each record's input for the cursor too (the network needs only the records);
        /// `comparing`: the network's reading of them too, compared so.
        init?(path: String, decoding: Bool = true, comparing comparison: ClientMessageComparison? = nil) {
            try? self.init(reading: path, decoding: decoding, comparing: comparison)
        }

        /// The same, throwing the reader's error when the tape cannot be opened.
        init(reading path: String, decoding: Bool = true, comparing comparison: ClientMessageComparison? = nil) throws {
            let reader = try TapeReader(path: path)
            var records: [TapeRecord] = []
            while let record = try? reader.next() { records.append(record) }
            let inputs = decoding ? records.map(ReplayInput.init(decoding:)) : []
            tape = TapeInMemory(path: path, records: records, inputs: inputs, end: reader.end ?? .complete)
            created = reader.header.metadata.created
            recording = comparison.map { ReplayNetwork.Recording(tape: path, records: records, comparing: $0) }
        }
    }

    /// The tape `replay` plays from memory instead of its file.
    var readOnce: TapeReadOnce?
    /// A slow server (`Fault.slowServer`): every record after `afterRecord` comes `delay` ns of
    /// virtual time later than recorded.
    var lateAnswers: (afterRecord: Int, delay: UInt64)?

    /// Where the cursor reads a tape: from memory when it was read once, else from its file.
    func source(_ path: String) -> ReplayTape {
        if let readOnce, readOnce.tape.path == path { return .memory(readOnce.tape) }
        return .file(path)
    }

    init(
        goldens: String, ignoring: [String], sends: SendCheck, record: RecordMode, throughSocket: Bool,
        makeAdapter: @escaping @MainActor (ReplayNetwork) -> Adapter,
        play: @escaping @MainActor (inout Player, TapeRecord, RecordPosition) async -> Bool
    ) {
        var filter = SnapshotFilter.none
        var comparison = ClientMessageComparison.exact
        var mode = record
        var setupError: (any Error & CustomStringConvertible)?
        do {
            filter = try SnapshotFilter(ignoring: ignoring)
            comparison = try sends.comparison()
        } catch {
            setupError = error
        }
        do { mode = try RecordMode.fromEnvironment(default: record) } catch { setupError = setupError ?? error }
        self.options = CheckOptions(record: mode, goldens: goldens, filter: filter)
        self.setupError = setupError
        self.comparison = comparison
        self.reconnectTolerance = sends.reconnectTolerance
        self.makeAdapter = makeAdapter
        self.play = play
        self.throughSocket = throughSocket
    }

    /// Replays one tape with its checkpoints and compares each with its golden: a case per
    /// checkpoint, `sends` (through the socket), then `invariants` and `tape`, as `tapedeck check`
    /// reports them.
    ///
    /// - Parameter tape: The tape's path; its checkpoints come from `NAME.checkpoints` beside it.
    /// - Returns: The report, a case per check; an unreadable tape, or a `setupError`, gives a
    ///   failing `tape` case instead of throwing.
    @MainActor
    public func check(tape: String) async -> TapeCheckReport {
        var file = TapeCheck.checkpoints(forTape: tape)
        if let setupError {
            file.problems.append(setupError.description)
            file.unreadable = true
        }
        // Through the socket the network holds the whole recording anyway: one read for both.
        var reading = self
        if throughSocket { reading.readOnce = TapeReadOnce(path: tape, comparing: comparison) }
        let played: (log: ReplayLog, player: Player)
        do {
            played = try await reading.replay(tapes: [tape], checkpoints: [0: file.checkpoints])
        } catch {
            return TapeCheck.unreadable(tape: tape, file: file, error: error)
        }
        var report = TapeCheck.report(
            tape: tape, file: file, log: played.log, finalSnapshot: snapshot(of: played.player.adapter),
            store: options.goldenStore(forTape: tape), spelling: .environment)
        if throughSocket {
            let findings = played.player.network.findings
            let sends = CheckCase(
                name: CheckCase.sends, passed: findings.isEmpty,
                message: findings.isEmpty
                    ? "every recorded client message was sent, unchanged and in order"
                    : (["\(findings.count) difference\(findings.count == 1 ? "" : "s") from the recorded client"]
                        + SendFinding.grouped(findings)).joined(separator: "\n"))
            let index = report.cases.firstIndex { $0.name == CheckCase.invariants } ?? report.cases.endIndex
            report.cases.insert(sends, at: index)
        }
        return report
    }

    /// Throws a `TapeTestFailure`, whose description is every failing case with its diff, unless
    /// every checkpoint matches its golden, the app sent what the tape's client sent, every
    /// invariant holds and the tape reads whole.
    ///
    /// - Parameter tape: The tape's path; its checkpoints come from `NAME.checkpoints` beside it.
    /// - Throws: `TapeTestFailure` with every failing case of `check(tape:)`.
    @MainActor
    public func assertCheckpoints(tape: String) async throws(TapeTestFailure) {
        let report = await check(tape: tape)
        if !report.passed { throw TapeTestFailure(tape: tape, failures: report.failures) }
    }

    /// Checks every tape of a folder (as `tapedeck check FOLDER` finds them), one after another.
    ///
    /// - Parameter folder: The folder searched, with its subfolders (but not `*.golden` folders),
    ///   for `*.tape` files.
    /// - Returns: A report per tape, in the order of the tapes' paths (byte order).
    /// - Throws: An error when `folder` is not a folder.
    @MainActor
    public func check(folder: String) async throws -> [TapeCheckReport] {
        var reports: [TapeCheckReport] = []
        for tape in try CheckRunner.findTapes(in: folder) { reports.append(await check(tape: tape)) }
        return reports
    }

    /// Plays the tapes as one session through a fresh app. `finishing`: the tape's end ends the
    /// app's connections and timers (a cut check goes on from where the replay stopped).
    @MainActor
    func replay(tapes: [String], checkpoints: [Int: [Checkpoint]] = [:], limit: ReplayLimit? = nil, finishing: Bool = true)
        async throws(TapeError) -> (log: ReplayLog, player: Player)
    {
        // The app's hops run on the main queue, counted, for as long as it is replayed.
        AppWork.begin()
        defer { AppWork.end() }
        var player = makePlayer()
        var cursor = ReplayCursor(reading: tapes.map(source), checkpoints: checkpoints, limit: limit)
        var tape = -1
        while let next = try cursor.next() {
            switch next {
            case .checkpoint(let checkpoint):
                cursor.reached(checkpoint, snapshot: snapshot(of: player.adapter))
            case .record(let record, let input, let recorded):
                var position = recorded
                if let late = lateAnswers, position.record > late.afterRecord {
                    let (later, overflow) = position.sessionTime.nanoseconds.addingReportingOverflow(late.delay)
                    position.sessionTime = VirtualTime(nanoseconds: overflow ? .max : later)
                }
                if position.tape != tape {
                    player.begin(
                        tape: tapes[position.tape], finishing: tape >= 0,
                        sessionOffset: position.sessionTime.nanoseconds - position.tapeTime, readOnce: readOnce)
                    tape = position.tape
                }
                let delivered = await play(&player, record, position)
                let broken = cursor.applied(
                    record, input, delivered: delivered,
                    modelViolations: checksInvariants && delivered ? player.adapter.checkInvariants() : [])
                if !broken.isEmpty {
                    let before = try await stateBefore(tapes: tapes, sessionRecord: cursor.sessionRecord)
                    cursor.stop(at: broken, before: before, after: snapshot(of: player.adapter))
                }
            }
        }
        if finishing {
            if tape >= 0, throughSocket { player.network.finish() }
            player.network.end()
        }
        return (cursor.log, player)
    }

    @MainActor
    func makePlayer() -> Player {
        let network = ReplayNetwork(comparing: comparison, reconnectTolerance: reconnectTolerance)
        let adapter = makeAdapter(network)
        return Player(adapter: adapter, network: network, throughSocket: throughSocket)
    }

    /// The snapshot of a fresh app after every record before `sessionRecord`.
    @MainActor
    func stateBefore(tapes: [String], sessionRecord: Int) async throws(TapeError) -> JSONValue {
        guard sessionRecord > 0 else { return snapshot(of: makePlayer().adapter) }
        var again = self
        again.checksInvariants = false
        return snapshot(of: try await again.replay(tapes: tapes, limit: .record(sessionRecord - 1)).player.adapter)
    }

    @MainActor
    func snapshot(of adapter: Adapter) -> JSONValue { options.filter.apply(adapter.snapshotJSON()) }
}

extension AppReplay where Adapter: AppSocketAdapter {
    /// A replay through the app's own socket code: `makeAdapter` builds the app on the network it
    /// is given (its tasks come from `network.webSocketTask(with:)`); `sends` says what the send
    /// check compares.
    ///
    /// - Parameters:
    ///   - goldens: The folder of the app's goldens: `GOLDENS/NAME/CHECKPOINT.json` for a tape
    ///     `NAME.tape`.
    ///   - ignoring: Paths of the snapshot left out of goldens and diffs (`"lifeEvents[*].claimedAt"`);
    ///     one that does not parse becomes `setupError`, and every check fails with it.
    ///   - sends: What the send check compares of the app's messages with the tape's; exact by default.
    ///   - record: When goldens are written; `TAPEDECK_RECORD` in the environment overrides it.
    ///   - makeAdapter: Makes a fresh app on the network it is given, for each replay (a check
    ///     may make several: the state before a broken invariant comes from a fresh one).
    public init(
        goldens: String, ignoring: [String] = [], sends: SendCheck = SendCheck(), record: RecordMode = .missing,
        makeAdapter: @escaping @MainActor (ReplayNetwork) -> Adapter
    ) {
        self.init(
            goldens: goldens, ignoring: ignoring, sends: sends, record: record, throughSocket: true,
            makeAdapter: makeAdapter
        ) { player, record, position in
            await player.lockstep.play(record, at: position, into: player.adapter, through: player.network)
        }
    }
}

extension AppReplay where Adapter: AppClientAdapter {
    /// A replay that hands each record to the adapter as a `SocketEvent` (for an app without a
    /// socket seam): what the app sends is not checked.
    ///
    /// - Parameters:
    ///   - goldens: The folder of the app's goldens: `GOLDENS/NAME/CHECKPOINT.json` for a tape
    ///     `NAME.tape`.
    ///   - ignoring: Paths of the snapshot left out of goldens and diffs (`"lifeEvents[*].claimedAt"`);
    ///     one that does not parse becomes `setupError`, and every check fails with it.
    ///   - record: When goldens are written; `TAPEDECK_RECORD` in the environment overrides it.
    ///   - makeAdapter: Makes a fresh app for each replay (a check may make several: the state
    ///     before a broken invariant comes from a fresh one).
    public init(
        goldens: String, ignoring: [String] = [], record: RecordMode = .missing,
        makeAdapter: @escaping @MainActor () -> Adapter
    ) {
        self.init(
            goldens: goldens, ignoring: ignoring, sends: SendCheck(), record: record, throughSocket: false,
            makeAdapter: { _ in makeAdapter() },
            play: { player, record, position in
                guard let event = SocketEvent(record) else { return false }
                player.adapter.handle(event, at: position.sessionTime)
                await player.adapter.settle()
                return true
            })
    }
}
