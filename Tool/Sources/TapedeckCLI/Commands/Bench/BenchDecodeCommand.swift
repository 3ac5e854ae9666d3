import ArgumentParser
import Foundation
import TapedeckBenchmarks
import TapedeckChecks
import TapedeckCore
import TapedeckReplay
import TapedeckTape

/// `tapedeck bench [decode]`: the cost of each step from tape file to checked client state, on the
/// user's tapes (files or folders) or synthetic ones, in one run, with Foundation's decoders as baselines.
struct BenchDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Measure LZ4, record framing, typed decoding and full replay on tapes; compare with Foundation.",
        discussion: """
            Stages, each including the ones before: lz4 (decompression only, by TapedeckTape's Swift \
            LZ4 decoder; lz4_liblz4 does the same with liblz4 for comparison), framing (TapeReader \
            records), decode (typed ServerMessage/ClientMessage decoding), replay (ClientState.apply \
            and checkInvariants() after every message, as the replayer does). Then replay_all_cores (one tape per \
            core, aggregate throughput), and on the same payloads held in memory: the typed decoder, \
            Foundation's JSONDecoder and JSONSerialization. MB/s counts the text payload bytes \
            (the protocol JSON) for every stage, so the figures compare. Each stage runs \
            --repeats times; the best run counts. Allocation counts are not measured here (that \
            needs a malloc interposer): `make bench` runs the package-benchmark targets (DecodeBenchmarks), which report them. \
            Use a release build. Exit codes: 0 measured; 1 a message failed to decode; 2 a tape \
            cannot be read or written.
            """
    )

    @Argument(help: "Tapes, or folders of tapes, to measure. Several tapes use every core in replay_all_cores.")
    var tapes: [String] = []

    @Option(
        help: "Instead of tapes: write synthetic tapes of this many messages to a temporary directory (see `tapedeck dev synth`)."
    )
    var synthetic: Int?

    @Option(
        name: .customLong("synthetic-tapes"),
        help: "How many synthetic tapes to write (seeds --seed, --seed+1...). Default: one per core.")
    var syntheticTapes: Int?

    @OptionGroup var bench: BenchRunOptions

    @Option(help: "Run only these stages (comma-separated), e.g. `replay` for profiling under valgrind. Default: all.")
    var stages: String?

    @Flag(help: "Print one JSON object per stage (JSON Lines) instead of a table.")
    var json = false

    init() {}

    /// The most synthetic tapes: one per core of a large machine.
    static let maximumSyntheticTapes = 256

    func validate() throws {
        guard tapes.isEmpty != (synthetic == nil) else {
            throw ValidationError("Give either tapes or --synthetic N (not both, not neither).")
        }
        // Unbounded, 2^63-1 filled the temporary folder at 45 MB/s (issue 51).
        if let synthetic, !(1...BenchRunOptions.maximumMessages).contains(synthetic) {
            throw ValidationError("--synthetic must be from 1 to \(BenchRunOptions.maximumMessages) messages (got \(synthetic)).")
        }
        if let syntheticTapes, !(1...Self.maximumSyntheticTapes).contains(syntheticTapes) {
            throw ValidationError(
                "--synthetic-tapes must be from 1 to \(Self.maximumSyntheticTapes) (got \(syntheticTapes)); the default is one per core."
            )
        }
        for name in selectedStages where !DecodeBenchmark.stageNames.contains(name) {
            throw ValidationError(
                "unknown stage '\(name)' in --stages; the stages are \(DecodeBenchmark.stageNames.joined(separator: ", ")).")
        }
    }

    var selectedStages: Set<String> {
        Set((stages ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    func run() throws {
        var paths = try Self.expand(tapes)
        var scratch: ScratchFolder?
        if let synthetic {
            // Removed at the end, and on SIGINT or SIGTERM.
            let folder = try ScratchFolder(name: "bench")
            scratch = folder
            let count = min(syntheticTapes ?? ProcessInfo.processInfo.activeProcessorCount, Self.maximumSyntheticTapes)
            do {
                for index in 0..<count {
                    let path = folder.url.appendingPathComponent("synthetic-\(index).tape").path
                    _ = try SyntheticTape.write(messages: synthetic, seed: bench.seed &+ UInt64(index), to: path)
                    paths.append(path)
                }
            } catch {
                folder.remove()
                throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
            }
        }
        defer { scratch?.remove() }

        let stages: [DecodeBenchmark.Stage]
        do {
            stages = try DecodeBenchmark(tapes: paths, repeats: bench.repeats, only: selectedStages).run()
        } catch let error as TapeError {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        } catch {
            throw CommandFailure.exit("\(error)", code: 1)
        }
        if json {
            for stage in stages { print(Self.jsonLine(stage)) }
        } else {
            print(Self.table(stages, tapes: paths.count, repeats: bench.repeats))
        }
    }

    /// Folders stand for every tape under them (as `tapedeck check` finds them); files stay as given.
    static func expand(_ arguments: [String]) throws -> [String] {
        var paths: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                paths.append(argument)
                continue
            }
            let found = try CheckRunner.findTapes(in: argument)
            guard !found.isEmpty else {
                throw CommandFailure.exit("\(argument): no .tape files in this folder", code: TapeExitCode.unreadableInput)
            }
            paths += found
        }
        return paths
    }

    static func jsonLine(_ stage: DecodeBenchmark.Stage) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("stage", stage.name)
        json.member("threads", stage.threads)
        json.member("messages", stage.messages)
        json.member("payload_bytes", stage.payloadBytes)
        json.key(name: "seconds")
        json.writeFixedPoint(stage.seconds, decimals: 6)
        json.key(name: "messages_per_s")
        json.writeFixedPoint(stage.messagesPerSecond, decimals: 0)
        json.key(name: "mb_per_s")
        json.writeFixedPoint(stage.megabytesPerSecond, decimals: 2)
        for (name, value) in stage.extra {
            json.member(name, value)
        }
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func table(_ stages: [DecodeBenchmark.Stage], tapes: Int, repeats: Int) -> String {
        let format = BenchProtocolCommand.format
        guard let first = stages.first else { return "" }
        var lines = [
            "\(first.messages) messages, \(format(Double(first.payloadBytes) / 1_000_000, 1)) MB of payload "
                + "in \(tapes) tape\(tapes == 1 ? "" : "s"), best of \(repeats):"
        ]
        let typed = stages.first { $0.name == "decode_in_memory" }
        let swiftLZ4 = stages.first { $0.name == "lz4" }
        for stage in stages {
            var line =
                "  " + stage.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                + stage.summary.padding(toLength: 40, withPad: " ", startingAt: 0)
                + "\(stage.threads)".leftPadded(to: 3) + " thr" + format(stage.messagesPerSecond, 0).leftPadded(to: 12) + " msg/s"
                + format(stage.megabytesPerSecond, 1).leftPadded(to: 9) + " MB/s"
            if let typed, stage.name == "jsondecoder" || stage.name == "jsonserialization" {
                line += "   typed is " + format(stage.seconds / typed.seconds, 1) + "x faster"
            }
            if let swiftLZ4, stage.name == "lz4_liblz4" {
                line += "   Swift lz4 at " + format(100 * stage.seconds / swiftLZ4.seconds, 0) + " % of liblz4's speed"
            }
            for (name, value) in stage.extra { line += "   \(name): \(value)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
