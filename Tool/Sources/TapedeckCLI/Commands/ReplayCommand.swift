import ArgumentParser
import TapedeckChecks
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// `tapedeck replay TAPE...`: feeds tapes through the client state machines and reports.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay tapes through the client state machines; print what was applied and the final state digest.",
        discussion: """
            Several tapes replay as one session across reconnects: each tape's clock starts where the \
            previous tape's last record was. Invariants are checked after every record; the first \
            broken one stops the replay and is reported with the record, the message and the state \
            before and after. A message that does not decode is reported (record number, byte offset) \
            and skipped, unless --stop-on-decode-error. The --json report adds "digest", the SHA-256 \
            of the final canonical snapshot.

            --compare-digests FILE reads the per-record digests an app's own ClientModel wrote \
            (TapedeckTesting's DigestTraceWriter) and names the first record where ClientState differs.

            Exit codes: 0 replayed to the end (or --until) with every invariant holding; 1 an invariant \
            broke, a message did not decode, a tape is truncated or damaged, or the digests differ; \
            2 bad usage (an unknown option, a bad option value) or a file that cannot be read.
            """
    )

    @Argument(help: "The tapes to replay, in session order.")
    var tapes: [String]

    @Option(help: "Stop after a record number (120, counted from 0 over the session) or a tape time (2.5s, 1500ms, 100us).")
    var until: ReplayLimit?

    @Flag(help: "Print the final state as canonical JSON.")
    var printState = false

    @OptionGroup var format: JSONReportOption

    @Flag(help: "Stop at the first message that does not decode.")
    var stopOnDecodeError = false

    @Option(help: "A JSON Lines file of per-record digests from another ClientModel to compare with, record by record.")
    var compareDigests: String?

    func validate() throws {
        guard !tapes.isEmpty else { throw ValidationError("Give at least one tape.") }
        if compareDigests != nil && until != nil { throw ValidationError("--compare-digests replays whole tapes; drop --until.") }
    }

    func run() throws {
        if let compareDigests { return try compare(with: compareDigests) }
        var replay = TapeReplay(tapes: tapes, model: ClientState(), limit: until)
        replay.stopsOnDecodeFailure = stopOnDecodeError
        let result: ReplayResult<ClientState>
        do { result = try replay.run() } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        let snapshot = result.model.snapshot()
        let digest = SnapshotDigest.hex(snapshot)
        let output = OutputFile()
        do {
            if format.json {
                var report = ReplayReport.json(result, digest: digest)
                if printState, case .object(var fields) = report {
                    fields["state"] = snapshot
                    report = .object(fields)
                }
                try output.write(report.canonicalJSON(pretty: true))
            } else {
                try output.write(ReplayReport.text(result, digest: digest))
                if printState { try output.write(snapshot.canonicalJSON(pretty: true)) }
            }
            try output.flush()
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        if case .invariant = result.stop { throw ExitCode(ReplayExitCode.failed) }
        if case .decodeFailure = result.stop { throw ExitCode(ReplayExitCode.failed) }
        if result.incompleteTape != nil || !result.statistics.decodeFailures.isEmpty { throw ExitCode(ReplayExitCode.failed) }
    }

    func compare(with path: String) throws {
        let theirs: [DigestTrace.Entry]
        let ours: [DigestTrace.Entry]
        do {
            theirs = try DigestTrace.read(path)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        do {
            ours = try DigestTrace.record(tapes: tapes, model: ClientState())
        } catch {
            throw CommandFailure.exit("\(error)", code: ReplayExitCode.unreadable)
        }
        guard let (expected, actual) = DigestTrace.firstDifference(expected: theirs, actual: ours) else {
            print("ClientState and \(path) agree after all \(ours.count) records.")
            return
        }
        var lines: [String] = []
        switch (expected, actual) {
        case (let expected?, let actual?) where expected.tape == actual.tape && expected.record == actual.record:
            lines.append("first difference after tape \(actual.tape + 1) record \(actual.record) (\(tapes[actual.tape])):")
            lines.append("  \(path): \(expected.digest)")
            lines.append("  ClientState: \(actual.digest)")
            lines.append("Replay both to that record (`tapedeck replay --until` and your model's snapshot) and diff the states.")
        case (let expected?, let actual?):
            lines.append(
                "the traces do not line up at entry \(ours.firstIndex(of: actual) ?? 0): \(path) has tape \(expected.tape + 1) record \(expected.record), "
                    + "ClientState tape \(actual.tape + 1) record \(actual.record). Was the trace made from the same tapes in the same order?"
            )
        case (nil, let actual?):
            lines.append(
                "\(path) ends before tape \(actual.tape + 1) record \(actual.record); ClientState replayed \(ours.count) records")
        case (let expected?, nil):
            lines.append(
                "\(path) goes on past the tapes (tape \(expected.tape + 1) record \(expected.record)); ClientState replayed \(ours.count) records"
            )
        case (nil, nil):
            break
        }
        CommandFailure.printError(lines.joined(separator: "\n"))
        throw ExitCode(ReplayExitCode.failed)
    }
}
