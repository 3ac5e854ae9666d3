import ArgumentParser
import Foundation
import TapedeckChecks
import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

/// `tapedeck coverage TAPE|DIR...`: which client rules and message types the tapes exercise.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Replay tapes and report which client rules and message types they exercise.",
        discussion: """
            Replays each tape (folders are searched for *.tape) through the client model and lists every \
            rule of docs/STATE-MACHINES.md and every message type of both directions with how often it \
            was exercised and its first tape and record (from 0, as `tapedeck cat` numbers them), then \
            those never exercised. The percentage counts the rules a message can fire and the server's \
            message types; rules only the app's UI fires, and the client's types, are listed apart.

            A truncated or damaged tape counts with its intact records and is named on stderr.

            Exit codes: 0 done (and at least --min); 1 below --min, or a tape is truncated or \
            damaged; 2 bad usage or an unreadable tape.
            """
    )

    @OptionGroup var input: TapeListOptions

    @OptionGroup var format: JSONReportOption

    @Option(help: "Exit 1 when the coverage is below this percentage (0-100).")
    var min: Double?

    func validate() throws {
        if let min, !(0...100).contains(min) { throw ValidationError("--min must be a percentage from 0 to 100, not \(min)") }
    }

    func run() throws {
        let tapes = try input.tapes()
        let report: CoverageReport
        do { report = try CoverageCounter.measure(tapes: tapes) } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
        let output = OutputFile()
        do {
            try output.write(
                Array((format.json ? CoverageReportText.json(report, min: min) : CoverageReportText.text(report, min: min)).utf8))
            try output.flush()
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
        if !report.incompleteTapes.isEmpty {
            throw CommandFailure.exit(
                report.incompleteTapes.joined(separator: "\n") + "\nonly the intact records of these tapes were counted",
                code: TapeExitCode.incompleteTape)
        }
        if let min, report.percent < min { throw ExitCode(1) }
    }
}
