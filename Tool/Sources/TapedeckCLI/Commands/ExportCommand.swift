import ArgumentParser
import Foundation
import TapedeckCore
import TapedeckTape

/// `tapedeck export TAPE --format jsonl`: the tape as JSON Lines.
struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl, har
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a tape as JSON Lines (a header line, then one record a line) or as HAR (docs/TAPE-FORMAT.md).",
        discussion: """
            The output is byte-stable: the same tape always exports to the same bytes, and \
            `tapedeck import` turns it back into an equivalent tape. --format har writes one HAR entry \
            per connection with its text and binary messages in _webSocketMessages, for browser \
            devtools and HAR viewers; pings, pongs, closes, errors and markers have no place in HAR \
            and are left out (counted on standard error). Exit codes: 0 complete; 1 the tape is \
            truncated or damaged (with jsonl every readable record was written; with har nothing \
            is); 2 unreadable input or output, an -o that is the tape itself, or (har) a record \
            earlier than its connection's previous one. -o is written beside its path and renamed, whole.
            """
    )

    @OptionGroup var input: TapeInputOptions

    @Option(help: "Output format: jsonl (JSON Lines) or har (HAR 1.2 with _webSocketMessages).")
    var format: Format = .jsonl

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    /// What a HAR export left out, by kind, and what that changes on import (docs/TAPE-FORMAT.md, "HAR form").
    static func harWarning(_ omitted: [TapeRecord.Kind: Int]) -> String {
        let names: [(TapeRecord.Kind, String)] = [
            (.ping, "ping"), (.pong, "pong"), (.close, "close"), (.error, "error note"), (.marker, "marker"),
        ]
        let parts = names.compactMap { kind, name in
            omitted[kind].map { "\($0) \(name)\($0 == 1 ? "" : "s")" }
        }
        let total = omitted.values.reduce(0, +)
        return
            "tapedeck export: \(total) record\(total == 1 ? "" : "s") that HAR cannot hold left out (\(parts.joined(separator: ", ")))"
            + (omitted[.close] != nil ? "; a connection's close code and reason are lost" : "")
            + (omitted[.error] != nil
                ? "; a drop's reason is lost, and a refused connection comes back as a refusal with its status, not its reason"
                : "")
            + "; see docs/TAPE-FORMAT.md, \"HAR form\""
    }

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
            if format == .har {
                let har = try TapeHARExport.har(from: reader, creator: TapedeckVersion.current)
                try destination.write(har.bytes)
                try destination.commit()
                if har.omittedRecords > 0 {
                    FileHandle.standardError.write(Data((Self.harWarning(har.omittedKinds) + "\n").utf8))
                }
                return
            }
            try TapeExport.jsonLines(from: reader, to: destination)
            try destination.commit()
        } catch {
            let code = reader.end == nil ? TapeExitCode.unreadableInput : TapeExitCode.incompleteTape
            // A tape cut short still gets every readable record written (exit 1), whole; a HAR is
            // one document, written only from a whole tape.
            if reader.end != nil, format == .jsonl {
                do { try destination.commit() } catch {
                    throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
                }
            }
            throw CommandFailure.exit(error.description, code: code)
        }
    }
}
