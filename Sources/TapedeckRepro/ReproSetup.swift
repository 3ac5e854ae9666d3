import Foundation
import TapedeckReplay
import TapedeckScenario

/// Builds the search for a tape as the CLI runs it: the predicate parsed from `--until`, and the
/// tape's checkpoints (`NAME.checkpoints`) with their goldens (`NAME.golden/`, read only) when
/// they exist beside it.
public enum ReproSetup {
    public static func search(forTape tape: String, predicate text: String?, checkpoints: Bool = true) throws(ReproError) -> ReproSearch {
        var search = ReproSearch()
        if let text {
            do {
                search.predicate = try StatePredicate(parsing: text)
            } catch {
                throw ReproError("bad --until predicate:\n\(error.description)")
            }
        }
        guard checkpoints else { return search }
        let path = CheckpointFile.path(forTape: tape)
        guard FileManager.default.fileExists(atPath: path) else { return search }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReproError("\(path): cannot read the checkpoint file; check its permissions")
        }
        do {
            search.checkpoints = try CheckpointFile.parse(String(decoding: data, as: UTF8.self), path: path)
        } catch {
            throw ReproError("\(error)")
        }
        search.goldens = GoldenStore(tape: tape, mode: .none)
        return search
    }
}
