import TapedeckChecks
import TapedeckReplay
import TapedeckState

/// Builds the search for a tape as the CLI runs it: the `--until` condition, and the
/// tape's checkpoints (`NAME.checkpoints`) with their goldens (`NAME.golden/`, read only) when
/// they exist beside it.
package enum ReproSetup {
    package static func search(
        forTape tape: String, until condition: (any StateCondition)?, checkpoints: Bool = true
    ) throws(ReproError) -> ReproSearch {
        var search = ReproSearch(predicate: condition)
        guard checkpoints else { return search }
        let file = TapeCheck.checkpoints(forTape: tape)
        if let problem = file.problems.first { throw ReproError(problem) }
        search.checkpoints = file.checkpoints
        search.goldens = GoldenStore(tape: tape, mode: .none)
        return search
    }

    /// Throws for the first golden of `search`'s checkpoints that exists but cannot be read or is
    /// not JSON, naming its file and checkpoint: without this a search would pass over it.
    package static func checkGoldens(of search: ReproSearch) throws(ReproError) {
        guard let goldens = search.goldens else { return }
        for checkpoint in search.checkpoints {
            // Compared with a snapshot it cannot match: only an unreadable golden says so here.
            guard case .unreadable(let path, let reason) = goldens.check(checkpoint.name, snapshot: .null) else { continue }
            let what = reason.hasPrefix("not JSON") ? " is " + reason : ": " + reason
            throw ReproError("\(path): the golden of checkpoint \(checkpoint.name)" + what)
        }
    }
}
