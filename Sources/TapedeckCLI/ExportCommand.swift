import ArgumentParser
import TapedeckTape

/// `tapedeck export TAPE --format jsonl`: the tape as JSON Lines.
struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a tape as JSON Lines: a header line, then one record a line (docs/TAPE-FORMAT.md).",
        discussion: """
            The output is byte-stable: the same tape always exports to the same bytes, and \
            `tapedeck import` turns it back into an equivalent tape. Exit codes: 0 complete; 1 the tape \
            is truncated or damaged (every readable record was written); 2 unreadable input or output, \
            or an -o that is the tape itself. -o is written beside its path and renamed, whole.
            """
    )

    @OptionGroup var input: TapeInputOptions

    @Option(help: "Output format. Only jsonl (JSON Lines) for now.")
    var format: Format = .jsonl

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        if let output { try OutputPaths.refuseInputs(output: output, option: "-o", inputs: [input.tape]) }
        let reader = try input.openReader()
        let destination: OutputFile
        do {
            destination = try output.map { try OutputFile(replacing: $0) } ?? OutputFile()
        } catch let error as TapeError {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
        do {
            try TapeExport.jsonLines(from: reader, to: destination)
            try destination.commit()
        } catch {
            let code = reader.end == nil ? TapeExitCode.unreadableInput : TapeExitCode.incompleteTape
            // A tape cut short still gets every readable record written (exit 1), whole.
            if reader.end != nil {
                do { try destination.commit() } catch {
                    throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
                }
            }
            throw CommandFailure.exit(error.description, code: code)
        }
    }
}
