import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Checks one tape: replays it with its checkpoints (`NAME.checkpoints`) and invariants, compares
/// each checkpoint's state with its golden (`CheckOptions.goldenStore`) and reports a case per
/// checkpoint, one for the invariants and one for the tape (readable to the end, every message
/// decodable or handed to the model as bytes, checkpoint file valid).
public enum TapeCheck {
    /// Checks a tape through one model with the default options and `mode`.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - model: The model to replay it through.
    ///   - mode: Whether a missing or different golden is written or reported.
    /// - Returns: The tape's report; a tape that cannot be read is a failing report.
    public static func run<Model: SocketModel>(tape: String, model: Model, mode: RecordMode) -> TapeCheckReport {
        run(tape: tape, options: CheckOptions(record: mode), makeModel: { model })
    }

    /// Checks a tape with `options`: goldens folder, record mode, ignored paths, array identity.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - options: Where the goldens are and how they are compared.
    ///   - makeModel: Makes the model the replay starts from (again at each reconnect of a session).
    /// - Returns: The tape's report; a tape that cannot be read is a failing report.
    public static func run<Model: SocketModel>(tape: String, options: CheckOptions, makeModel: @escaping () -> Model)
        -> TapeCheckReport
    {
        let file = checkpoints(forTape: tape)
        var replay = TapeReplay(tapes: [tape], makeModel: makeModel)
        replay.checkpoints = [0: file.checkpoints]
        replay.filter = options.filter
        let result: ReplayResult<Model>
        do {
            result = try replay.run()
        } catch {
            return unreadable(tape: tape, file: file, error: error)
        }
        return report(
            tape: tape, file: file, log: result.log,
            finalSnapshot: options.filter.apply(result.model.snapshotJSON()), store: options.goldenStore(forTape: tape))
    }

    /// The checkpoints of a tape, read from its checkpoint file (none when there is no file), and
    /// what was wrong with that file.
    public struct CheckpointFileContents: Sendable {
        /// The checkpoints, in file order; empty when the file is missing or bad.
        public var checkpoints: [Checkpoint] = []
        /// What was wrong with the file, one line each.
        public var problems: [String] = []
        /// Whether the file exists but could not be read or parsed.
        public var unreadable = false
    }

    /// Reads a tape's checkpoint file (`NAME.checkpoints`).
    ///
    /// - Parameter tape: The tape's path.
    /// - Returns: Its checkpoints, or none and the problem when the file cannot be read or parsed;
    ///   none and no problem when there is no file.
    public static func checkpoints(forTape tape: String) -> CheckpointFileContents {
        var file = CheckpointFileContents()
        let checkpointPath = CheckpointFile.path(forTape: tape)
        guard FileManager.default.fileExists(atPath: checkpointPath) else { return file }
        let data: [UInt8]
        do {
            data = try BoundedFile.read(checkpointPath, limit: BoundedFile.Limit.smallText)
        } catch {
            file.problems.append("\(checkpointPath): cannot read the checkpoint file: \(error.reason)")
            file.unreadable = true
            return file
        }
        do {
            file.checkpoints = try CheckpointFile.parse(String(decoding: data, as: UTF8.self), path: checkpointPath)
        } catch {
            file.problems.append("checkpoint file: \(error)")
            file.unreadable = true
        }
        return file
    }

    /// The report of a tape that could not be opened at all.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - file: Its checkpoint file, whose checkpoints become failing cases.
    ///   - error: Why the tape could not be opened.
    /// - Returns: A report whose every case fails with the reason.
    public static func unreadable(tape: String, file: CheckpointFileContents, error: TapeError) -> TapeCheckReport {
        let cases =
            file.checkpoints.map { CheckCase(name: $0.name, passed: false, message: "not checked: the tape cannot be read") }
            + [
                CheckCase(name: CheckCase.invariants, passed: false, message: "not checked: the tape cannot be read"),
                CheckCase(
                    name: CheckCase.tape, passed: false, message: ([error.description] + file.problems).joined(separator: "\n")),
            ]
        return TapeCheckReport(path: tape, cases: cases, unreadable: true)
    }

    /// How a report tells the reader to change the record mode: `tapedeck check --record missing`
    /// on the command line, `TAPEDECK_RECORD=missing swift test` in an app's test target.
    public enum RecordModeSpelling: Sendable {
        /// `tapedeck check --record MODE`.
        case commandLine
        /// `TAPEDECK_RECORD=MODE swift test`, for an app's test target.
        case environment

        func run(_ mode: String) -> String {
            switch self {
            case .commandLine: "tapedeck check --record \(mode)"
            case .environment: "TAPEDECK_RECORD=\(mode) swift test"
            }
        }
    }

    /// The cases of a replayed tape: each checkpoint against its golden, the invariants, the tape.
    ///
    /// - Parameters:
    ///   - tape: The tape's path, as reports name it.
    ///   - file: The tape's checkpoint file, as read.
    ///   - log: What the replay reached.
    ///   - finalSnapshot: The state after the last record, for the tape case's digest.
    ///   - store: The goldens.
    ///   - spelling: How a message tells the reader to change the record mode; the command line's by default.
    /// - Returns: The report: a case per checkpoint, then `invariants` and `tape`.
    public static func report(
        tape: String, file: CheckpointFileContents, log: ReplayLog, finalSnapshot: JSONValue,
        store: GoldenStore, spelling: RecordModeSpelling = .commandLine
    ) -> TapeCheckReport {
        var recorded: [String] = []
        var byName: [String: CheckCase] = [:]
        for hit in log.hits {
            let digest = SnapshotDigest.hex(hit.snapshot)
            let outcome = store.check(hit.checkpoint.name, snapshot: hit.snapshot)
            if case .recorded(let path, _) = outcome { recorded.append(path) }
            byName[hit.checkpoint.name] = CheckCase(
                name: hit.checkpoint.name, passed: outcome.passed,
                message: message(for: outcome, hit: hit, golden: store.path(for: hit.checkpoint.name), spelling: spelling),
                digest: digest)
        }
        for (checkpoint, reason) in log.unreached {
            byName[checkpoint.name] = CheckCase(
                name: checkpoint.name, passed: false,
                message: "checkpoint \(checkpoint.name) (\(checkpoint.trigger)) \(reason)"
                    + unknownTypeNote(checkpoint.trigger))
        }
        var cases = file.checkpoints.compactMap { byName[$0.name] }

        if case .invariant(let stop) = log.stop {
            cases.append(
                CheckCase(
                    name: CheckCase.invariants, passed: false, message: stop.report,
                    digest: SnapshotDigest.hex(stop.after)))
        } else {
            cases.append(
                CheckCase(
                    name: CheckCase.invariants, passed: true,
                    message: "held after all \(log.statistics.records) records"))
        }

        var problems = file.problems
        if let incomplete = log.incompleteTape, let end = incomplete.end {
            problems.insert(
                "\(tape): \(ReplayCursor.describe(end)); the \(incomplete.records) records before were checked", at: 0)
        }
        // A message the model parsed itself is its business; one it never got is a hole in the check.
        let unapplied = log.statistics.decodeFailures.filter { !$0.reachedModel }
        for failure in unapplied.prefix(10) { problems.append(failure.description) }
        if unapplied.count > 10 { problems.append("… and \(unapplied.count - 10) more messages that do not decode") }
        let parsedByModel = log.statistics.decodeFailures.count - unapplied.count
        let summary =
            "\(log.statistics.records) records, all decoded"
            + (parsedByModel > 0 ? " or handed to the model as bytes (\(parsedByModel) that Tapedeck's decoder rejects)" : "")
        cases.append(
            CheckCase(
                name: CheckCase.tape, passed: problems.isEmpty,
                message: problems.isEmpty ? summary : problems.joined(separator: "\n"),
                digest: SnapshotDigest.hex(finalSnapshot)))
        return TapeCheckReport(path: tape, cases: cases, unreadable: file.unreadable, recordedGoldens: recorded)
    }

    /// For a `first TYPE` checkpoint that was not reached: whether TYPE is a message type at all,
    /// since a misspelt type can never be reached.
    static func unknownTypeNote(_ trigger: Checkpoint.Trigger) -> String {
        guard case .message(let type, let direction, _) = trigger, !Checkpoint.connectionEvents.contains(type) else { return "" }
        let known: [String]
        switch direction {
        case .s2c?: known = ServerMessage.knownTypes
        case .c2s?: known = ClientMessage.knownTypes
        default: known = ServerMessage.knownTypes + ClientMessage.knownTypes
        }
        guard !known.contains(type) else { return "" }
        let side = direction.map { $0 == .s2c ? "server " : "client " } ?? ""
        return "; \"\(type)\" is not a \(side)message type Tapedeck knows"
            + (Suggestion.hint(for: type, in: known).map { ": \($0)" }
                ?? " (a type the real server added is fine; check the spelling)")
    }

    static func message(
        for outcome: GoldenOutcome, hit: CheckpointHit, golden: String, spelling: RecordModeSpelling = .commandLine
    ) -> String {
        switch outcome {
        case .matched:
            return "matches its golden"
        case .mismatched(let diff):
            return "checkpoint \(hit.checkpoint.name) (\(hit.checkpoint.trigger)) differs from its golden, \(hit.cause)\n"
                + "golden: \(golden)\n" + diff.text
        case .recorded(let path, nil):
            return "no golden yet: wrote \(path). Check it, commit it, and run again to verify"
        case .recorded(let path, let replaced?):
            return "re-recorded \(path) (record mode all). Run `\(spelling.run("none"))` to verify. It was:\n" + replaced.text
        case .missing(let path):
            return
                "no golden at \(path), and record mode none never writes one. Run `\(spelling.run("missing"))` and commit the golden"
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}
