import ArgumentParser
import TapedeckRepro

/// `tapedeck repro TAPE [--until PREDICATE]`: replays to the first failure and prints its context.
struct ReproCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repro",
        abstract: "Replay a bug report's tape to its first failure and show what led there.",
        discussion: """
            A failure is the first of: an invariant broken after a record, a message that does not \
            decode, a checkpoint (NAME.checkpoints beside the tape) whose state differs from its golden \
            (NAME.golden/, never written here), or the --until predicate becoming true. The report names \
            the record, lists the records before it, pretty-prints the offending message and diffs the \
            state before and after it. See docs/REPRO.md.

            --until takes a state predicate as in scenario checkpoints: 'gameState.energy < 0', \
            'gameState.money > 100 and gameState.diamonds == 0', joined with and / or.

            Exit codes: 0 no failure; 1 a failure was found (reported on stdout); 2 bad input (a tape \
            that cannot be read, a bad predicate, a checkpoint file that does not parse).
            """
    )

    @Argument(help: "The tape to replay.")
    var tape: String

    @Option(help: "Also stop when this state predicate becomes true, e.g. 'gameState.energy < 0'.")
    var until: String?

    @Option(help: "Records shown before the failure.")
    var context = 5

    func run() throws {
        let loaded: ReproTape
        var search: ReproSearch
        do {
            search = try ReproSetup.search(forTape: tape, predicate: until)
            loaded = try ReproTape.load(tape)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        search.contextRecords = max(0, context)
        guard let failure = search.find(in: loaded) else {
            print("no failure in \(loaded.records.count) records of \(tape)" + (loaded.end == .complete ? "" : " (the tape is cut short: \(loaded.end))"))
            return
        }
        print(failure.report)
        throw ExitCode(ReplayExitCode.failed)
    }
}
