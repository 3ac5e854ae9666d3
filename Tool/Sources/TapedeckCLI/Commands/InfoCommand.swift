import ArgumentParser
import TapedeckTape

/// `tapedeck info TAPE`: what a tape holds and whether it is whole.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise a tape: duration, records by direction, kind and message type, sizes, state.",
        discussion: """
            Exit codes: 0 the tape is complete; 1 the tape is truncated or damaged (the summary covers \
            every readable record); 2 the file cannot be read as a tape.
            """
    )

    @OptionGroup var input: TapeInputOptions

    @OptionGroup var format: JSONReportOption

    func run() throws {
        let reader = try input.openReader()
        let statistics = TapeStatistics.gather(from: reader)
        let output = OutputFile()
        do {
            if format.json {
                try output.write(InfoReport.json(statistics, path: input.tape))
            } else {
                try output.write(InfoReport.text(statistics, path: input.tape))
            }
            try output.flush()
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
        if statistics.end != .complete {
            throw CommandFailure.exit("\(input.tape): \(InfoReport.state(statistics.end))", code: TapeExitCode.incompleteTape)
        }
    }
}
