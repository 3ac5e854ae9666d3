import ArgumentParser
import TapedeckTape

/// `tapedeck cat TAPE`: every record, one line each.
struct CatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        abstract: "Print a tape's records, one line each: time (s), connection, direction, kind, message type, payload.",
        discussion: """
            Lines are cut to $COLUMNS, else the terminal width, else 100 characters. With --json the \
            records are printed in their JSON Lines form (as `tapedeck export`, without the header line). \
            Exit codes: 0 complete; 1 truncated or damaged (every readable record was printed); 2 unreadable.
            """
    )

    @OptionGroup var input: TapeInputOptions

    @Flag(help: "Print each record as a JSON line (the export form) instead of a readable line.")
    var json = false

    @Option(help: "Cut lines to this many characters (default: $COLUMNS, the terminal width, or 100).")
    var width: Int?

    func validate() throws {
        if let width, width < 20 { throw ValidationError("--width must be at least 20") }
    }

    func run() throws {
        let reader = try input.openReader()
        let output = OutputFile()
        let formatter = CatLineFormatter(width: width ?? TerminalWidth.current(environment: ProcessEnvironment.variables))
        var seq = 0
        do {
            while let record = try reader.next() {
                if json {
                    try output.write(TapeJSONLines.recordLine(record, seq: seq) + [0x0A])
                } else {
                    try output.write(formatter.line(record) + "\n")
                }
                seq += 1
            }
            try output.flush()
        } catch {
            try? output.flush()
            let code = reader.end == nil ? TapeExitCode.unreadableInput : TapeExitCode.incompleteTape
            throw CommandFailure.exit(error.description, code: code)
        }
    }
}
