import Foundation
import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// Checks one tape: replays it with its checkpoints (`NAME.checkpoints`) and invariants, compares
/// each checkpoint's state with its golden (`NAME.golden/CHECKPOINT.json`) and reports a case per
/// checkpoint, one for the invariants and one for the tape (readable to the end, every message
/// decodable, checkpoint file valid).
public enum TapeCheck {
    public static func run<Model: ClientModel>(tape: String, model: Model, mode: RecordMode) -> TapeCheckReport {
        var tapeProblems: [String] = []
        var unreadable = false
        var checkpoints: [Checkpoint] = []
        let checkpointPath = CheckpointFile.path(forTape: tape)
        if FileManager.default.fileExists(atPath: checkpointPath) {
            if let data = FileManager.default.contents(atPath: checkpointPath) {
                do {
                    checkpoints = try CheckpointFile.parse(String(decoding: data, as: UTF8.self), path: checkpointPath)
                } catch {
                    tapeProblems.append("checkpoint file: \(error)")
                    unreadable = true
                }
            } else {
                tapeProblems.append("\(checkpointPath): cannot read the checkpoint file; check its permissions")
                unreadable = true
            }
        }

        var replay = TapeReplay(tapes: [tape], model: model)
        replay.checkpoints = [0: checkpoints]
        let result: ReplayResult<Model>
        do {
            result = try replay.run()
        } catch {
            let cases = checkpoints.map { CheckCase(name: $0.name, passed: false, message: "not checked: the tape cannot be read") }
                + [CheckCase(name: CheckCase.invariants, passed: false, message: "not checked: the tape cannot be read"),
                   CheckCase(name: CheckCase.tape, passed: false, message: ([error.description] + tapeProblems).joined(separator: "\n"))]
            return TapeCheckReport(path: tape, cases: cases, unreadable: true)
        }

        let store = GoldenStore(tape: tape, mode: mode)
        var cases: [CheckCase] = []
        var recorded: [String] = []
        var byName: [String: CheckCase] = [:]
        for hit in result.hits {
            let digest = SnapshotDigest.hex(hit.snapshot)
            let outcome = store.check(hit.checkpoint.name, snapshot: hit.snapshot)
            if case .recorded(let path, _) = outcome { recorded.append(path) }
            byName[hit.checkpoint.name] = CheckCase(name: hit.checkpoint.name, passed: outcome.passed,
                                                    message: message(for: outcome, hit: hit), digest: digest)
        }
        for (checkpoint, reason) in result.unreached {
            byName[checkpoint.name] = CheckCase(name: checkpoint.name, passed: false,
                                                message: "checkpoint \(checkpoint.name) (\(checkpoint.trigger)) \(reason)")
        }
        cases = checkpoints.compactMap { byName[$0.name] }

        if case .invariant(let stop) = result.stop {
            cases.append(CheckCase(name: CheckCase.invariants, passed: false, message: stop.report,
                                   digest: SnapshotDigest.hex(stop.after)))
        } else {
            cases.append(CheckCase(name: CheckCase.invariants, passed: true,
                                   message: "held after all \(result.statistics.records) records"))
        }

        if let incomplete = result.incompleteTape, let end = incomplete.end {
            tapeProblems.insert("\(tape): \(TapeReplay<Model>.describe(end)); the \(incomplete.records) records before were checked", at: 0)
        }
        let failures = result.statistics.decodeFailures
        for failure in failures.prefix(10) { tapeProblems.append(failure.description) }
        if failures.count > 10 { tapeProblems.append("… and \(failures.count - 10) more messages that do not decode") }
        let finalDigest = SnapshotDigest.hex(result.model.snapshot())
        cases.append(CheckCase(name: CheckCase.tape, passed: tapeProblems.isEmpty,
                               message: tapeProblems.isEmpty ? "\(result.statistics.records) records, all decoded" : tapeProblems.joined(separator: "\n"),
                               digest: finalDigest))
        return TapeCheckReport(path: tape, cases: cases, unreadable: unreadable, recordedGoldens: recorded)
    }

    static func message(for outcome: GoldenOutcome, hit: CheckpointHit) -> String {
        switch outcome {
        case .matched:
            return "matches its golden"
        case .mismatched(let diff):
            return "checkpoint \(hit.checkpoint.name) (\(hit.checkpoint.trigger)) differs from its golden, \(hit.cause)\n" + diff.text
        case .recorded(let path, nil):
            return "no golden yet: wrote \(path). Check it, commit it, and run again to verify"
        case .recorded(let path, let replaced?):
            return "re-recorded \(path) (record mode all). Run again without --record all to verify. It was:\n" + replaced.text
        case .missing(let path):
            return "no golden at \(path), and record mode none never writes one. Run `tapedeck check --record missing` and commit the golden"
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}
