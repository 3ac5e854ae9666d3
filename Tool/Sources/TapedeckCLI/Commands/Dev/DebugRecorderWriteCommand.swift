import ArgumentParser
import Foundation
import TapedeckCore
import TapedeckRecorder
import TapedeckTape

/// Records numbered messages through the in-app `FlightRecorder` at a steady rate, printing
/// "recorded N T" (N records given to the recorder by tape time T ns) as it goes: the child
/// process of the recorder's crash test, which SIGKILLs it.
struct DebugRecorderWriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recorder-write",
        abstract: "Record numbered messages with the in-app flight recorder, printing \"recorded N T\" as it goes."
    )

    @Option(help: "The recorder's segment folder.")
    var dir: String

    @OptionGroup var pace: SteadyRateOptions

    @Option(help: "Print a line every this many records.")
    var reportEvery: Int = 10

    @Option(
        help: "A collector's address: the recorder keeps the crash marker, so the next recorder on --dir seals a crash report.")
    var collectorURL: String?

    @Option(help: "The collector's upload token (with --collector-url).")
    var collectorToken: String = "recorder-write"

    func validate() throws {
        guard reportEvery > 0 else { throw ValidationError("--report-every must be positive") }
    }

    func run() throws {
        let output = OutputFile()
        do {
            let recorder = try FlightRecorder(
                configuration: FlightRecorderConfiguration(
                    directory: dir, labels: ["generator": "tapedeck dev recorder-write"],
                    flushInterval: .milliseconds(pace.flushIntervalMs),
                    collector: collectorURL.map { ReportCollector(url: $0, token: collectorToken) }))
            let period = pace.period
            let start = MonotonicClock()
            recorder.opened()
            var index = 0
            while pace.count.map({ index < $0 }) ?? true {
                recorder.received(text: "{\"type\":\"u\",\"message\":{\"n\":\(index)}}")
                index += 1
                if index % reportEvery == 0 {
                    try output.write("recorded \(index) \(recorder.tapeTime)\n")
                    try output.flush()
                }
                let due = UInt64(index) * period
                let now = start.elapsedNanoseconds()
                if due > now { MonotonicClock.sleep(nanoseconds: due - now) }
            }
            try recorder.stop()
            try output.write("stopped \(index)\n")
            try output.flush()
        } catch let error as FlightRecorderError {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
    }
}
