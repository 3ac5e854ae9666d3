import ArgumentParser
import Foundation
import TapedeckBenchmarks
import TapedeckSynthetic

/// `tapedeck dev bench replay`: replay throughput on a synthetic tape (use a release build).
struct BenchReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Measure replay throughput (decode + apply + invariants) on a synthetic tape, one thread.",
        discussion: """
            Writes a tape of --messages SyntheticMessages server envelopes (plus the client's claim \
            before each claimResult) and replays it three ways: decoding only, decoding + applying + \
            checking invariants from records in memory, and the whole replay from the tape file. \
            The best of --repeats runs counts. Exit code 0; 1 if the replay stopped early.
            """
    )

    @Option(help: "How many messages the synthetic tape holds.")
    var messages: Int = 500_000

    @OptionGroup var bench: BenchRunOptions

    @Option(help: "Where to write the synthetic tape (default: a temporary file, removed afterwards).")
    var tape: String?

    func validate() throws {
        guard (1...BenchRunOptions.maximumMessages).contains(messages) else {
            throw ValidationError("--messages must be from 1 to \(BenchRunOptions.maximumMessages) (got \(messages)).")
        }
    }

    func run() throws {
        let path = tape ?? NSTemporaryDirectory() + "tapedeck-bench-replay-\(ProcessInfo.processInfo.processIdentifier).tape"
        defer { if tape == nil { try? FileManager.default.removeItem(atPath: path) } }
        let result = try ReplayBenchmark(bench.input(messages: messages), tapePath: path).run()
        print(
            "Replaying \(result.messages) synthetic messages (\(result.records) records, tape \(result.tapeBytes) bytes, "
                + "seed \(bench.seed), best of \(bench.repeats), one thread):")
        print("  " + "stage".rightPadded(to: 55) + "     wall msg/s" + "     CPU msg/s")
        for stage in result.stages {
            print(
                "  " + stage.name.rightPadded(to: 55) + " "
                    + BenchProtocolCommand.format(stage.messagesPerSecond, 0).leftPadded(to: 14)
                    + BenchProtocolCommand.format(stage.messagesPerCPUSecond, 0).leftPadded(to: 14)
                    + "   (\(BenchProtocolCommand.format(stage.seconds * 1000, 1)) ms wall, \(stage.messages) applied)")
        }
        print("final state digest: \(result.digest)")
        if let problem = result.problem { throw CommandFailure.exit(problem, code: 1) }
    }
}
