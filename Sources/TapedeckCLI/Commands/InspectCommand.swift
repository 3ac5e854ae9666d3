import ArgumentParser
import TapedeckInvestigation
import TapedeckProtocol
import TapedeckReplay

/// `tapedeck inspect TAPE --at SEQ|TIME [--path P]`: the state at a point of a tape.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the client state (canonical JSON) after a record or at a time of a tape.",
        discussion: """
            --at 120 is the state after record 120 (counted from 0, as `tapedeck cat`); --at 2.5s the \
            state after every record at or before 2.5 s of tape time. --path narrows it to a subtree \
            (player.relationships, gameState.energy, player.people[0]).

            Exit codes: 0 printed; 2 bad input (unreadable tape, bad --at, bad or missing --path).
            """
    )

    @Argument(help: "The tape.")
    var tape: String

    @Option(help: "A record number (120) or a tape time with a unit (2.5s, 1500ms, 100us, 42ns).")
    var at: ReplayLimit

    @Option(help: "A path into the state, e.g. player.relationships.")
    var path: String?

    func run() throws {
        let limit = at
        do throws(ReproError) {
            let loaded = try ReproTape.load(tape)
            if case .record(let number) = limit, number >= loaded.records.count {
                throw ReproError(
                    "--at \(number): \(tape) has \(loaded.records.count) records (0...\(max(loaded.records.count - 1, 0)))")
            }
            var (_, value) = StateInspection.snapshot(of: loaded, at: limit)
            if let path { value = try StateInspection.subtree(value, path: path) }
            print(value.canonicalJSONString(pretty: true), terminator: "")
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
    }
}
