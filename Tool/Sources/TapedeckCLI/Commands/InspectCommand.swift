import ArgumentParser
import Foundation
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

            A tape cut short (truncated or damaged) is read up to its last intact record: the state is \
            printed from those, with a note on standard error, and the exit code is 1, as in `replay`, \
            `check` and `repro`.

            Exit codes: 0 printed; 1 printed from a tape cut short; 2 bad input (unreadable tape, bad \
            --at, bad or missing --path).
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
        var cutShort = false
        do throws(ReproError) {
            let loaded = try ReproTape.load(tape)
            if case .record(let number) = limit, number >= loaded.records.count {
                throw ReproError(
                    "--at \(number): \(tape) has \(loaded.records.count) records (0...\(max(loaded.records.count - 1, 0)))")
            }
            var (_, value) = StateInspection.snapshot(of: loaded, at: limit)
            if let path { value = try StateInspection.subtree(value, path: path) }
            print(value.canonicalJSONString(pretty: true), terminator: "")
            // Issue 41, finding 6: it exited 0 and the state simply stopped at the cut.
            if loaded.end != .complete {
                FileHandle.standardError.write(
                    Data(
                        ("tapedeck inspect: note: \(tape) is cut short after its \(loaded.records.count) intact records "
                            + "(\(loaded.end)); the state is theirs, what came after the cut is lost\n").utf8))
                cutShort = true
            }
        } catch {
            throw CommandFailure.exit(error.description, code: ReplayExitCode.unreadable)
        }
        if cutShort { throw ExitCode(ReplayExitCode.failed) }
    }
}
