import ArgumentParser
import TapedeckInvestigation

/// `tapedeck promote MIN.tape --name NAME [--dir Recordings]`: a failing tape becomes a check.
struct PromoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Copy a failing tape into the recordings with a checkpoint and golden at its failure.",
        discussion: """
            Writes DIR/NAME.tape, DIR/NAME.checkpoints (`failure: record N`, the record `tapedeck repro` \
            finds) and DIR/NAME.golden/failure.json (the state after that record, written through the \
            record mode `missing`). `tapedeck check DIR` then runs it: a predicate failure passes while \
            the state at that record stays the same; an invariant or decode failure keeps failing \
            until the client or server is fixed. See docs/REPRO.md.

            Exit codes: 0 promoted; 2 bad input (unreadable tape, a tape that does not fail or fails \
            only for being cut short, bad name, files already there).
            """
    )

    @Argument(help: "The failing (shrunk) tape.")
    var tape: String

    @Option(help: "The name of the check (letters, digits, '-', '_', '.').")
    var name: String

    @Option(help: "The recordings folder.")
    var dir = "Recordings"

    @OptionGroup var until: UntilOption

    func run() throws {
        let condition = try until.condition()
        do throws(ReproError) {
            let search = try ReproSetup.search(forTape: tape, until: condition, checkpoints: false)
            let result = try Promotion.promote(tape, name: name, directory: dir, search: search)
            print(
                "promoted \(result.tape): checkpoint failure at record \(result.failure.index) (\(result.failure.kind.signature))"
            )
            print("wrote \(result.checkpoints) and \(result.golden); commit them with the tape")
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
    }
}
