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

    @Option(help: "Records per second.")
    var rate: Int = 1000

    @Option(help: "Stop after this many records, stop the recorder and exit (default: run until killed).")
    var count: Int?

    @Option(help: "The recorder's flush interval in milliseconds.")
    var flushIntervalMs: Int = 100

    @Option(help: "Print a line every this many records.")
    var reportEvery: Int = 10

    func validate() throws {
        guard rate > 0, rate <= 1_000_000 else { throw ValidationError("--rate must be from 1 to 1000000") }
        guard flushIntervalMs > 0 else { throw ValidationError("--flush-interval-ms must be positive") }
        guard reportEvery > 0 else { throw ValidationError("--report-every must be positive") }
    }

    func run() throws {
        let output = OutputFile()
        do {
            let recorder = try FlightRecorder(
                configuration: FlightRecorderConfiguration(
                    directory: dir, labels: ["generator": "tapedeck dev recorder-write"],
                    flushInterval: .milliseconds(flushIntervalMs)))
            let period = 1_000_000_000 / UInt64(rate)
            let start = MonotonicClock()
            recorder.opened()
            var index = 0
            while count.map({ index < $0 }) ?? true {
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
