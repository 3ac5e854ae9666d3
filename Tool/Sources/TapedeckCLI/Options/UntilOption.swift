import ArgumentParser
import TapedeckScenario
import TapedeckState

/// `--until PREDICATE` of repro, shrink, promote and report: a state predicate as written in
/// scenario checkpoints, parsed by the scenario language.
struct UntilOption: ParsableArguments {
    @Option(help: "Also count as a failure when this state predicate becomes true, e.g. 'gameState.energy < 0'.")
    var until: String?

    /// The parsed predicate; a bad one is a usage error that points at its column.
    func condition() throws -> (any StateCondition)? {
        guard let until else { return nil }
        do {
            return try StatePredicate(parsing: until)
        } catch {
            throw CommandFailure.exit("bad --until predicate:\n\(error.description)", code: ReplayExitCode.unreadable)
        }
    }
}
