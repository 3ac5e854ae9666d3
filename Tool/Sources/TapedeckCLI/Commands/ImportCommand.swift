import ArgumentParser
import TapedeckCore
import TapedeckTape

/// `tapedeck import FILE.jsonl|FILE.har -o TAPE`: build a tape from JSON Lines or a HAR file.
struct ImportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl, har
    }

    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Build a tape from JSON Lines (the form `tapedeck export` writes) or from a HAR file's WebSocket messages.",
        discussion: """
            JSON Lines: the metadata comes from the file's header line; without one, the tape gets a \
            fresh header (created now, or at --created). Errors name FILE:line:column. HAR (a .har \
            file, or --format har): every entry with _webSocketMessages (Chrome DevTools, Playwright, \
            mitmproxy, Firefox, Charles, HTTP Toolkit, Proxyman) becomes one connection of the tape, \
            its messages at their times to the microsecond (startedDateTime in ISO 8601, any zone); a HAR that tapedeck exported gives back its tape's \
            messages exactly (docs/TAPE-FORMAT.md, "HAR"). Errors name the byte offset and the JSON \
            path. The tape is written beside -o and renamed over it when complete: after an error -o \
            is as it was. Exit codes: 0 written; 2 the input is unreadable or invalid, -o is the \
            input, or the tape cannot be written.
            """
    )

    @Argument(help: "The JSON Lines or HAR file to read.")
    var file: String

    @Option(help: "Input format: jsonl or har (default: har for a .har file, else jsonl).")
    var format: Format?

    @Option(name: .shortAndLong, help: "The tape file to write (replaced if it exists).")
    var output: String

    @Option(
        help:
            "UTC creation time for a file without a header line, like 2026-01-02T03:04:05.678Z, from 1970 to 9999 (default: now)."
    )
    var created: String?

    func validate() throws {
        // The one range of tape times (issue 41, finding 9): a header-less file's tape would
        // otherwise be dated by whatever this parses to.
        if let created, case .failure(let problem) = TapeTimeRange.created(created) {
            throw ValidationError("--created: \(problem)")
        }
    }

    func run() throws {
        try OutputPaths.refuseInputs(output: output, option: "-o", inputs: [file])
        let metadata = TapeMetadata(created: created ?? WallClock.nowRFC3339(), tool: "tapedeck \(TapedeckVersion.current)")
        do {
            if (format ?? (file.lowercased().hasSuffix(".har") ? .har : .jsonl)) == .har {
                // Through the recording proxy's redaction: a HAR holds what the browser sent,
                // tokens in the URL and headers included (issue 41, finding 4).
                let session = try TapeImport.har(from: file, to: output, metadata: metadata) { session in
                    ImportRedaction(rules: .defaults).apply(to: &session)
                }
                print(
                    "\(output): \(session.records.count) records from \(session.connections) WebSocket connection\(session.connections == 1 ? "" : "s") of \(file)"
                )
            } else {
                try TapeImport.jsonLines(from: file, to: output, metadata: metadata)
            }
        } catch {
            throw CommandFailure.exit("\(error)", code: TapeExitCode.unreadableInput)
        }
    }
}
