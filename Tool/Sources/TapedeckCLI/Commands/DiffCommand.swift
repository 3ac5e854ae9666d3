import ArgumentParser
import Foundation
import TapedeckInvestigation

/// `tapedeck diff A.tape B.tape [--ignore FIELD,...]`: where two sessions first differ.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Find where two sessions first differ: in their messages and in their replayed states.",
        discussion: """
            Record times never count. --ignore removes JSON keys (at any depth) from messages and \
            states before comparing, e.g. --ignore id,timestamp. States are compared after each pair \
            of records, without `claimedAt` (a record time). See docs/REPRO.md.

            A truncated or damaged tape is compared up to its last intact record, and named on stderr.

            Exit codes: 0 no divergence; 1 a divergence (reported), or a tape is truncated or \
            damaged; 2 bad input.
            """
    )

    @Argument(help: "The first tape (A, shown as −).")
    var a: String

    @Argument(help: "The second tape (B, shown as +).")
    var b: String

    @Option(help: "JSON keys to ignore, comma-separated (e.g. id,timestamp).")
    var ignore: String?

    func run() throws {
        let left: ReproTape
        let right: ReproTape
        do {
            left = try ReproTape.load(a)
            right = try ReproTape.load(b)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        let keys = Set(
            (ignore ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        let diff = SessionDiff(left, right, ignoredKeys: keys)
        print(diff.report)
        let cutShort = [left, right].filter { $0.end != .complete }
        if !cutShort.isEmpty {
            throw CommandFailure.exit(
                cutShort.map { "\($0.path): \($0.end); compared up to its \($0.records.count) intact records" }
                    .joined(separator: "\n"), code: ReplayExitCode.failed)
        }
        if !diff.isEmpty { throw ExitCode(ReplayExitCode.failed) }
    }
}
