import ArgumentParser
import Foundation
import TapedeckBenchmarks
import TapedeckTape

/// `tapedeck dev bench recorder`: the tape writer's cost per message, in the flight recorder and alone.
struct BenchRecorderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recorder",
        abstract: "Measure the tape writer, in the flight recorder and alone, on the synthetic corpus.",
        discussion: """
            caller: FlightRecorder.sent/received(text:) per message with the writer thread running \
            (the queue holds the whole run, so nothing is dropped). writer_swift_redacting and \
            writer_swift: the writer's work on one thread (the default redaction rules or none, record \
            encoding, LZ4, checksums, writes, segment roll-over). writer_tape: TapeWriter alone (as the \
            proxy and the command line write) with the same records and 64 KiB flushes. ratio: record \
            stream bytes over file bytes. Every file written is read whole by liblz4, the reference, and \
            by the Swift decoder, which must agree. Targets (issue 21): caller at most 1000 ns, writer \
            at least 500,000 messages/s. Best of --repeats. Use a release build.
            """
    )

    @Option(help: "Messages of the synthetic session to record.")
    var messages: Int = 200_000

    @OptionGroup var bench: BenchRunOptions

    func validate() throws {
        guard (1...BenchRunOptions.maximumMessages).contains(messages) else {
            throw ValidationError("--messages must be from 1 to \(BenchRunOptions.maximumMessages) (got \(messages)).")
        }
    }

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-bench-recorder-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stages: [RecorderBenchmark.Stage]
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            stages = try RecorderBenchmark(messages: messages, seed: bench.seed, repeats: bench.repeats, directory: directory)
                .run()
        } catch {
            throw CommandFailure.exit("\(error)", code: TapeExitCode.unreadableInput)
        }
        print(Self.table(stages, repeats: bench.repeats))
    }

    static func table(_ stages: [RecorderBenchmark.Stage], repeats: Int) -> String {
        let format = BenchProtocolCommand.format
        var lines = ["\(stages.first?.messages ?? 0) messages of the synthetic session, best of \(repeats):"]
        for stage in stages {
            var line =
                "  " + stage.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                + format(stage.nanosecondsPerMessage, 1).leftPadded(to: 9) + " ns/msg"
                + format(stage.messagesPerSecond, 0).leftPadded(to: 12)
                + " msg/s"
            if stage.bytesOut > 0 {
                line +=
                    "\(stage.bytesIn)".leftPadded(to: 12) + " B in" + "\(stage.bytesOut)".leftPadded(to: 11) + " B out   ratio "
                    + format(stage.ratio, 2)
            }
            if stage.name == "caller" { line += "   dropped \(stage.dropped)" }
            lines.append(line)
        }
        let caller = stages.first { $0.name == "caller" }
        let swift = stages.first { $0.name == "writer_swift_redacting" }
        if let caller, let swift {
            lines.append(
                "caller \(format(caller.nanosecondsPerMessage, 1)) ns/msg (target <= 1000): \(caller.nanosecondsPerMessage <= 1000 ? "met" : "MISSED")"
            )
            lines.append(
                "writer \(format(swift.messagesPerSecond, 0)) msg/s with redaction (target >= 500000): \(swift.messagesPerSecond >= 500_000 ? "met" : "MISSED")"
            )
            lines.append("liblz4 and the Swift decoder read every file written to the same bytes")
        }
        return lines.joined(separator: "\n")
    }
}
