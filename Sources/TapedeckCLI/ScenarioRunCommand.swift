import ArgumentParser
import TapedeckScenario
import TapedeckTape

/// `tapedeck scenario run FILE... --tape T`: runs scenarios against a recorded session served
/// back in virtual time, printing a line per step.
struct ScenarioRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios against a tape served back in virtual time.",
        discussion: """
            Each scenario runs against the session recorded on --tape: the server messages recorded \
            before the first client message arrive on connect; a sent message that matches the next \
            recorded client message (by type, and by --match-fields) gets the server messages \
            recorded after it, at their recorded delays. Sends the tape cannot answer are listed as \
            warnings. Exit codes: 0 every step passed; 1 a step failed; 2 bad usage, a scenario \
            that does not parse, or a tape that cannot be read.
            """
    )

    @Argument(help: "Scenario files (.scenario).")
    var files: [String]

    @Option(help: "The tape whose recorded session answers the scenario's messages.")
    var tape: String

    @Option(help: "Also write each scenario's session as a tape, DIR/NAME.tape, with a marker at each checkpoint and mark.")
    var recordTo: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Body fields a sent message must share with the recorded one, besides its type (comma-separated, e.g. eventId,personId).")
    var matchFields: String?

    @Flag(help: "Also print what happened during passing steps (skipped messages, automatic claims, toasts).")
    var verbose = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file") }
        if let matchFields, matchFields.split(separator: ",").contains(where: { $0.trimmingSpaces.isEmpty }) {
            throw ValidationError("--match-fields takes comma-separated field names, e.g. eventId,personId")
        }
    }

    var fields: [String] {
        matchFields?.split(separator: ",").map { String($0.trimmingSpaces) } ?? []
    }

    func run() async throws {
        var scenarios: [Scenario] = []
        var parseFailures = 0
        for file in files {
            do {
                scenarios.append(try ScenarioParser().parse(file: file))
            } catch {
                parseFailures += 1
                CommandFailure.printError(error.description)
            }
        }
        guard parseFailures == 0 else {
            throw ExitCode(ScenarioExitCode.badInput)
        }
        let records: [TapeRecord]
        do {
            let reader = try TapeReader(path: tape)
            var read: [TapeRecord] = []
            while let record = try reader.next() { read.append(record) }
            records = read
        } catch {
            throw CommandFailure.exit(error.description, code: ScenarioExitCode.badInput)
        }
        if let recordTo { try ScenarioRecordDirectory.create(recordTo) }

        let output = OutputFile()
        var results: [ScenarioResult] = []
        for scenario in scenarios {
            let clock = VirtualScenarioClock()
            let served = TapeServedTransport(records: records, clock: clock, matchFields: fields)
            var recorder: RecordingTransport?
            if let recordTo {
                let metadata = TapeMetadata(created: WallClockTimestamp.now(), tool: "tapedeck \(TapedeckVersion.current)",
                                            labels: ["scenario": scenario.name, "servedFrom": tape])
                recorder = RecordingTransport(wrapping: served, path: "\(recordTo)/\(scenario.name).tape", metadata: metadata, clock: clock)
            }
            let runner = ScenarioRunner(scenario: scenario, transport: recorder ?? served, clock: clock,
                                        options: .init(serverURL: "tape:\(tape)"))
            try? output.write(ScenarioReport.header(for: ScenarioResult(name: scenario.name, file: scenario.file, steps: [],
                                                                        unmatchedSends: [], duration: 0, finalState: .null)) + "\n")
            let verbose = self.verbose
            let result = await runner.run { step in
                try? output.write(ScenarioReport.lines(for: step, verbose: verbose).joined(separator: "\n") + "\n")
                try? output.flush()
            }
            if let recorder {
                do {
                    try recorder.finish()
                } catch {
                    CommandFailure.printError("could not write the recorded tape: \(error)")
                }
            }
            if !result.unmatchedSends.isEmpty {
                try? output.write("unmatched sends:\n" + result.unmatchedSends.map { "  ⚠ \($0)\n" }.joined())
            }
            try? output.write(ScenarioReport.summary(for: result) + "\n")
            try? output.flush()
            results.append(result)
        }
        if let junit {
            do {
                let file = try OutputFile(path: junit)
                try file.write(JUnitReport.xml(results))
                try file.flush()
            } catch {
                throw CommandFailure.exit("cannot write the JUnit report: \(error)", code: ScenarioExitCode.badInput)
            }
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(ScenarioExitCode.failed) }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
