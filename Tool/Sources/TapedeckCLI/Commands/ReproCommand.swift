import ArgumentParser
import TapedeckInvestigation

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

            A tape cut short (truncated or damaged) is replayed up to its last intact record and is \
            a failure even when those records pass, as in `tapedeck replay` and `check`.

            Exit codes: 0 no failure; 1 a failure was found (reported on stdout), or the tape is cut \
            short; 2 bad input (a tape that cannot be read, a bad predicate, a checkpoint file that \
            does not parse, a golden that is not JSON).
            """
    )

    @Argument(help: "The tape to replay.")
    var tape: String

    @OptionGroup var until: UntilOption

    @Option(help: "Records shown before the failure.")
    var context = 5

    func run() throws {
        let condition = try until.condition()
        let loaded: ReproTape
        var search: ReproSearch
        do {
            search = try ReproSetup.search(forTape: tape, until: condition)
            try ReproSetup.checkGoldens(of: search)
            loaded = try ReproTape.load(tape)
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        search.contextRecords = max(0, context)
        let count = loaded.records.count
        guard let failure = search.find(in: loaded) else {
            // A tape cut short fails as in replay and check: what came after the cut is lost.
            guard loaded.end == .complete else {
                print(
                    "no failure in the \(count) intact records of \(tape), but the tape is cut short: \(loaded.end). The records after it are lost."
                )
                throw ExitCode(ReplayExitCode.failed)
            }
            print("no failure in \(count) records of \(tape)")
            return
        }
        print(failure.report)
        if loaded.end != .complete {
            print("note: the tape is cut short after its \(count) intact records: \(loaded.end)")
        }
        throw ExitCode(ReplayExitCode.failed)
    }
}
