import ArgumentParser
import TapedeckInvestigation

/// `tapedeck shrink TAPE [--until P] -o MIN.tape`: the smallest tape that fails the same way.
struct ShrinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Cut a failing tape down to a few records that fail the same way (delta debugging).",
        discussion: """
            The failure is the one `tapedeck repro` finds (checkpoints are not used: their record \
            numbers would move). A smaller tape fails the same way when it fails with the same kind \
            and the same invariant names, decode error or predicate. The header and open records \
            stay; a life event stays with the claims and claim results naming it, a question with \
            its answers. Deterministic; progress on stderr. See docs/REPRO.md.

            The smaller tape is written beside -o and renamed over it when complete.

            Exit codes: 0 written; 1 the tape does not fail, or fails only for being cut short \
            (nothing written); 2 bad input (also an -o that is the tape itself).
            """
    )

    @Argument(help: "The failing tape.")
    var tape: String

    @OptionGroup var until: UntilOption

    @Option(name: .shortAndLong, help: "Where to write the smaller tape.")
    var output: String

    func run() throws {
        let condition = try until.condition()
        try OutputPaths.refuseInputs(output: output, option: "-o", inputs: [tape])
        let loaded: ReproTape
        let search: ReproSearch
        do {
            search = try ReproSetup.search(forTape: tape, until: condition, checkpoints: false)
            loaded = try ReproTape.load(tape)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        let shrinker = Shrinker(search: search) { CommandFailure.printProgress($0) }
        guard let result = shrinker.shrink(loaded) else {
            // `repro` fails such a tape for its cut, which no smaller tape keeps (issue 51).
            guard loaded.end == .complete else {
                throw CommandFailure.exit(
                    "no failure in the \(loaded.records.count) intact records of \(tape), but the tape is cut short: "
                        + "\(loaded.end); only the cut fails it (as `tapedeck repro` says), and a smaller tape cannot keep "
                        + "that: nothing written", code: ReplayExitCode.failed)
            }
            throw CommandFailure.exit("\(tape) does not fail: nothing to shrink", code: ReplayExitCode.failed)
        }
        do {
            try loaded.write(indices: result.indices, to: output)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        print(
            "wrote \(output): \(result.indices.count) of \(loaded.records.count) records, failing with \(result.failure.signature) (\(result.tests) replays)"
        )
        print("records kept (original numbers): " + result.indices.map(String.init).joined(separator: " "))
    }
}
