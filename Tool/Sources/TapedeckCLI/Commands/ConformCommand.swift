import ArgumentParser
import Foundation
@_spi(TapedeckTool) import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

/// `tapedeck conform TAPE|DIR...`: checks recorded traffic against Protocol/baolife.schema.json.
struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Check the messages of tapes against the protocol schema and list every departure.",
        discussion: """
            Reads every text message of the tapes (folders are searched for *.tape) and prints, per \
            direction and message type, how many were seen, then each departure from \
            Protocol/baolife.schema.json: unknown types, unknown fields, missing required fields, type \
            mismatches, non-integral numbers in integer fields, unknown enum values and malformed \
            messages, each with its count and its first occurrence (tape, record counted from 0 as \
            `tapedeck cat` shows it, field path, byte offset in the message). The first command to run \
            on tapes of a new server.

            --allow takes a comma-separated list of departures the team accepts: \
            \(Departure.Kind.allCases.map(\.allowName).joined(separator: ", ")). They are still listed.

            Exit codes: 0 every message conforms (or departs only in allowed ways); 1 a departure, or a \
            tape is truncated or damaged; 2 bad usage or a file that cannot be read as a tape.
            """
    )

    @OptionGroup var input: TapeListOptions

    @OptionGroup var format: JSONReportOption

    @Option(help: "Departures to accept, comma-separated (see above).")
    var allow: String?

    func run() throws {
        let allowed = try allowedKinds()
        let tapes = try input.tapes()
        var report = ConformanceReport()
        var damaged: [String] = []
        let checker = ConformanceChecker()
        for tape in tapes {
            let reader: TapeReader
            do { reader = try TapeReader(path: tape) } catch {
                throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
            }
            report.countTape()
            var record = 0
            do {
                while try reader.withNextRecord({ view in
                    defer { record += 1 }
                    guard view.kind == .text, view.direction != .note else { return }
                    let server = view.direction == .s2c
                    let result = checker.check(view.payload, server: server)
                    report.add(
                        direction: server ? "s2c" : "c2s", type: result.type, departures: result.departures, tape: tape,
                        record: record)
                }) {}
            } catch {
                damaged.append("\(tape): \(error.description)")
            }
        }
        let failures = report.failures(allowing: allowed)
        let output = OutputFile()
        do {
            try output.write(
                format.json
                    ? ConformReportText.json(report, allowed: allowed, damaged: damaged)
                    : Array(ConformReportText.text(report, allowed: allowed, damaged: damaged).utf8))
            try output.flush()
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
        if !failures.isEmpty || !damaged.isEmpty { throw ExitCode(1) }
    }

    private func allowedKinds() throws -> Set<Departure.Kind> {
        guard let allow else { return [] }
        var kinds = Set<Departure.Kind>()
        for name in allow.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let kind = Departure.Kind(rawValue: name) else {
                let known = Departure.Kind.allCases.map(\.allowName).joined(separator: ", ")
                throw ValidationError("--allow: '\(name)' is not a departure; use \(known)")
            }
            kinds.insert(kind)
        }
        return kinds
    }
}
