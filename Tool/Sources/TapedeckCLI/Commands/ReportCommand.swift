import ArgumentParser
import Foundation
import TapedeckInvestigation
import TapedeckTape

/// `tapedeck report TAPE... -o report.html`: one self-contained HTML page about a session.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML page about a session: timeline, resource charts, checkpoints, first failure.",
        discussion: """
            The page needs nothing but a browser (inline CSS and script, no network): a header with \
            each tape's metadata and the final state digest; the first failure `tapedeck repro` finds \
            (invariant, decode error, golden mismatch, --until predicate) with the records around it \
            and the state diff; every checkpoint of NAME.checkpoints against its golden, with the \
            diff when it differs; energy, money and diamonds over game time (the in-game clock); and \
            a timeline of the messages, filterable by type and direction (URL: #type=u,claimEvent&dir=s2c). \
            Several tapes are one session, as in `tapedeck replay`. A long session embeds the first \
            --rows records, those around the failure and the last 100, and says so on the page. The \
            same tapes always give the same bytes. See docs/REPRO.md.

            Exit codes: 0 written, no failure; 1 written, and the session has a failure (shown on \
            the page) or a tape is cut short (truncated or damaged); 2 bad usage or unreadable input (a tape that cannot be read, a bad predicate, \
            a checkpoint file that does not parse, no -o, an output that cannot be written or that is \
            one of the inputs (a tape, its checkpoints or goldens), an unknown option): nothing written. \
            The page is written to a temporary file beside -o and renamed, so -o never holds half a page.
            """
    )

    @Argument(help: "The tapes, in session order.")
    var tapes: [String] = []

    // Optional so that a missing -o is bad usage (exit 2) with a hint, like a missing tape.
    @Option(name: .shortAndLong, help: "The HTML file to write (replaced if it exists); required.")
    var output: String?

    @OptionGroup var until: UntilOption

    @Option(help: "Records embedded from the start of the session (more are summarised, not embedded).")
    var rows = ReportLimits().leadingRows

    static let missingOutput = "give the page's path: tapedeck report TAPE... -o report.html"

    func validate() throws {
        guard !tapes.isEmpty else { throw ValidationError("give at least one tape: tapedeck report TAPE... -o report.html") }
        guard rows >= 0 else { throw ValidationError("--rows must be 0 or more (got \(rows))") }
        // Optional only so that leaving it out gets this message instead of "Missing expected argument".
        guard output != nil else { throw ValidationError(Self.missingOutput) }
    }

    func run() throws {
        guard let output else { preconditionFailure("validate() requires -o") }
        let inputs = OutputPaths.replayInputs(ofTapes: tapes)
        try OutputPaths.refuseInputs(output: output, option: "-o", inputs: inputs.files, folders: inputs.folders)
        var limits = ReportLimits()
        let condition = try until.condition()
        limits.leadingRows = rows
        let report: SessionReport
        do {
            report = try SessionReportBuilder(limits: limits).build(tapePaths: tapes, until: condition)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        do {
            try ReplacingFile.write(Array(ReportPage.render(report).utf8), to: output)
        } catch {
            throw CommandFailure.exit("cannot write the report: \(error.description)", code: ReplayExitCode.unreadable)
        }
        var line = "wrote \(output): \(report.recordCount) records"
        let cutShort = report.tapes.filter { $0.end != "complete" }
        if let failure = report.failure {
            line +=
                ", first failure at " + (report.tapes.count > 1 ? "tape \(failure.tape + 1) " : "")
                + "\(failure.position): \(failure.signature)"
        } else if cutShort.isEmpty {
            line += ", no failure"
        } else {
            line += ", no failure in the intact records"
        }
        let checked = report.checkpoints.count
        if checked > 0 {
            line += ", \(report.checkpoints.count(where: { $0.outcome == .passed })) of \(checked) checkpoints pass"
        }
        // A tape cut short fails as in replay and check: what came after the cut is lost.
        for tape in cutShort { line += (report.failure == nil ? ", but " : "; ") + "\(tape.path) is cut short: \(tape.end)" }
        print(line)
        if report.failure != nil || !cutShort.isEmpty { throw ExitCode(ReplayExitCode.failed) }
    }
}
