import ArgumentParser
import Foundation
import TapedeckTape
import TapedeckTapeWriter

/// `tapedeck import FILE.jsonl -o TAPE`: build a tape from JSON Lines.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Build a tape from JSON Lines (the form `tapedeck export` writes).",
        discussion: """
            The metadata comes from the file's header line; without one, the tape gets a fresh header \
            (created now, or at --created). Errors name FILE:line:column. The tape is written beside \
            -o and renamed over it when complete: after an error -o is as it was. Exit codes: 0 \
            written; 2 the input is unreadable or invalid, -o is the input, or the tape cannot be written.
            """
    )

    @Argument(help: "The JSON Lines file to read.")
    var file: String

    @Option(name: .shortAndLong, help: "The tape file to write (replaced if it exists).")
    var output: String

    @Option(help: "RFC 3339 creation time for a file without a header line (default: now, UTC).")
    var created: String?

    func run() throws {
        try OutputPaths.refuseInputs(output: output, option: "-o", inputs: [file])
        let metadata = TapeMetadata(created: created ?? Self.nowRFC3339(), tool: "tapedeck \(TapedeckVersion.current)")
        do {
            try TapeImport.jsonLines(from: file, to: output, metadata: metadata)
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
    }

    /// The wall clock, read here at the edge and passed into the core.
    static func nowRFC3339() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
