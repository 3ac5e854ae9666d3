import ArgumentParser
import TapedeckCore
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckServers
import TapedeckTape

/// `tapedeck scenario run FILE... (--tape T | --server URL | --reference)`: runs scenarios against
/// a recorded session served back, a live WebSocket server or the reference server started in
/// this process, printing a line per step.
struct ScenarioRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios against a tape, a live server or the reference server.",
        discussion: """
            Targets (exactly one): --tape T serves the session recorded on T in virtual time: the \
            server messages recorded before the first client message arrive on connect; a sent \
            message that matches the next recorded client message (by type, and by --match-fields) \
            gets the server messages recorded after it, at their recorded delays. --server URL \
            connects to a running server in real time (with --server-clock virtual: a server started \
            with --clock virtual, driven by advance messages in virtual time). --reference starts \
            the reference server in this process on a free loopback port with --seed and the virtual \
            clock, one per scenario, so `wait 5m` takes no five real minutes, with the faults of the \
            scenario's `server` line (docs/SCENARIOS.md). A scenario's connect \
            URL keeps its path and query and takes the target's scheme, host and port. \
            Exit codes: 0 every step passed; 1 a step failed (an unreachable --server fails the connect \
            step); 2 a scenario that does not parse, a tape that cannot be read, or a reference server \
            that cannot start, or bad options.
            """
    )

    @Argument(help: "Scenario files (.scenario).")
    var files: [String]

    @Option(help: "The tape whose recorded session answers the scenario's messages.")
    var tape: String?

    // Parsed once by ArgumentParser; its error says what is wrong with the URL.
    @Option(
        help: ArgumentHelp("A live server to play against, ws://HOST:PORT/PATH or wss://...", valueName: "url"),
        transform: { text throws in try WebSocketURL(parsing: text) })
    var server: WebSocketURL?

    @Option(
        name: .customLong("server-clock"),
        help:
            "wall: --server's time passes by itself (real time); virtual: it was started with --clock virtual and waits advance it."
    )
    var serverClock: ClockMode = .wall

    @Flag(help: "Start the reference server in this process (virtual clock, free loopback port) for each scenario.")
    var reference = false

    @Option(help: "The reference server's seed (with --reference).")
    var seed: UInt64?

    @Option(help: "Also write each scenario's session as a tape, DIR/NAME.tape, with a marker at each checkpoint and mark.")
    var recordTo: String?

    @OptionGroup var report: JUnitOption

    @Option(
        help:
            "With --tape: body fields a sent message must share with the recorded one, besides its type (comma-separated, e.g. eventId,personId)."
    )
    var matchFields: String?

    @Flag(help: "Also print what happened during passing steps (skipped messages, automatic claims, toasts).")
    var verbose = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file") }
        let targets = [tape != nil, server != nil, reference].filter { $0 }.count
        guard targets == 1 else {
            throw ValidationError("give exactly one target: --tape FILE, --server URL or --reference")
        }
        if let matchFields {
            guard tape != nil else { throw ValidationError("--match-fields applies to --tape only") }
            if matchFields.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.trimmingSpaces.isEmpty })
            {
                throw ValidationError("--match-fields takes comma-separated field names, e.g. eventId,personId")
            }
        }
        if seed != nil, !reference { throw ValidationError("--seed applies to --reference only") }
        if serverClock != .wall, server == nil { throw ValidationError("--server-clock applies to --server only") }
    }

    var fields: [String] {
        matchFields?.split(separator: ",").map { String($0.trimmingSpaces) } ?? []
    }

    func run() async throws {
        if let junit = report.junit {
            try OutputPaths.refuseInputs(output: junit, option: "--junit", inputs: files + (tape.map { [$0] } ?? []))
        }
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
        let target = try makeTarget()
        if let recordTo { try ScenarioRecordDirectory.create(recordTo) }

        let output = OutputFile()
        var results: [ScenarioResult] = []
        for scenario in scenarios {
            let session: ScenarioTarget.Session
            do {
                session = try await target.start(for: scenario)
            } catch {
                throw CommandFailure.exit("cannot start the reference server: \(error)", code: ScenarioExitCode.badInput)
            }
            var recorder: RecordingTransport?
            if let recordTo {
                let metadata = TapeMetadata(
                    created: WallClock.nowRFC3339(), tool: "tapedeck \(TapedeckVersion.current)",
                    labels: ["scenario": scenario.name, session.label.key: session.label.value])
                recorder = RecordingTransport(
                    wrapping: session.transport, path: "\(recordTo)/\(scenario.name).tape",
                    metadata: metadata, clock: session.clock)
            }
            let runner = ScenarioRunner(
                scenario: scenario, transport: recorder ?? session.transport, clock: session.clock,
                options: .init(serverURL: session.serverURL))
            try? output.write(
                ScenarioReport.header(
                    for: ScenarioResult(
                        name: scenario.name, file: scenario.file, steps: [],
                        unmatchedSends: [], duration: 0, finalState: .null)) + "\n")
            if let note = target.faultNote(for: scenario) { try? output.write(note + "\n") }
            let verbose = self.verbose
            let result = await runner.run { step in
                try? output.write(ScenarioReport.lines(for: step, verbose: verbose).joined(separator: "\n") + "\n")
                try? output.flush()
            }
            await session.stop()
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
            if let served = session.transport as? TapeServedTransport, let note = served.unopenedConnectionsNote {
                try? output.write("⚠ \(note)\n")
            }
            try? output.write(ScenarioReport.summary(for: result) + "\n")
            try? output.flush()
            results.append(result)
        }
        if let junit = report.junit {
            do {
                try ReplacingFile.write(Array(ScenarioJUnitReport.xml(results).utf8), to: junit)
            } catch {
                throw CommandFailure.exit("cannot write the JUnit report: \(error)", code: ScenarioExitCode.badInput)
            }
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(ScenarioExitCode.failed) }
    }

    /// The target of every scenario; reads the whole tape first (a damaged tape is exit 2).
    func makeTarget() throws -> ScenarioTarget {
        if let tape {
            do {
                let reader = try TapeReader(path: tape)
                var records: [TapeRecord] = []
                while let record = try reader.next() { records.append(record) }
                return .tape(path: tape, records: records, matchFields: fields)
            } catch {
                throw CommandFailure.exit(error.description, code: ScenarioExitCode.badInput)
            }
        }
        if let server {
            return .server(server, clock: serverClock)
        }
        return .reference(seed: seed ?? ReferenceServerConfiguration.defaultSeed)
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
