import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Replays tapes through `ClientState`, each tape a session of its own as `tapedeck check` plays
/// them, and counts the rules each record fires and the message types it carries.
public enum CoverageCounter {
    /// Counts what `tapes` exercise, each replayed on its own through a fresh `ClientState`; a tape
    /// cut short counts its intact records and is listed in `incompleteTapes`.
    ///
    /// - Parameter tapes: The tapes' paths.
    /// - Returns: The report of every rule and message type, with how often and where first.
    /// - Throws: `TapeError` when a tape cannot be opened or read.
    public static func measure(tapes: [String]) throws(TapeError) -> CoverageReport {
        final class Tally { var report = CoverageReport() }
        let tally = Tally()
        for tape in tapes {
            tally.report.addTape(tape)
            var replay = TapeReplay(tapes: [tape], model: ClientState())
            replay.checksInvariants = false
            replay.afterEachRecord = { position, input, model in
                tally.report.count(input, fired: model.firedRules, tape: tape, record: position.record)
            }
            if let end = try replay.run().incompleteTape?.end { tally.report.noteIncomplete(tape, end: end) }
        }
        return tally.report
    }
}
