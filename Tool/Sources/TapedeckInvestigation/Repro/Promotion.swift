import Foundation
import TapedeckChecks
import TapedeckReplay
import TapedeckTape

/// Turns a (shrunk) failing tape into a regression check: `DIR/NAME.tape`, `DIR/NAME.checkpoints`
/// with one checkpoint `failure: record N` at the failing record, and its golden written through
/// the replayer's record mode, so `tapedeck check DIR` runs it from then on.
package enum Promotion {
    package struct Result: Sendable {
        package var tape: String
        package var checkpoints: String
        package var golden: String
        package var failure: ReproFailure
    }

    package static func promote(_ source: String, name: String, directory: String, search: ReproSearch) throws(ReproError)
        -> Result
    {
        guard !name.isEmpty, !name.hasPrefix("."),
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            })
        else {
            throw ReproError("--name '\(name)': use ASCII letters, digits, '-', '_' and '.' (not starting with '.')")
        }
        let loaded = try ReproTape.load(source)
        guard let failure = search.find(in: loaded) else {
            // `repro` fails such a tape for its cut, which has no record to put a checkpoint at.
            guard loaded.end == .complete else {
                throw ReproError(
                    "no failure in the \(loaded.records.count) intact records of \(source), but the tape is cut short: "
                        + "\(loaded.end); only the cut fails it (as `tapedeck repro` says), and a cut has no record for a "
                        + "checkpoint: nothing to promote")
            }
            throw ReproError("\(source) does not fail: nothing to promote (run `tapedeck repro` on it first)")
        }
        let tape = directory + "/" + name + ".tape"
        let checkpoints = CheckpointFile.path(forTape: tape)
        let files = FileManager.default
        for path in [tape, checkpoints, TapeFiles.goldenDirectory(forTape: tape)] where files.fileExists(atPath: path) {
            throw ReproError("\(path) already exists; choose another --name or remove it")
        }
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try files.copyItem(atPath: source, toPath: tape)
            let text =
                "# Promoted from \(source) by tapedeck promote\n# \(failure.kind.signature)\nfailure: record \(failure.index)\n"
            try ReplacingFile.write(Array(text.utf8), to: checkpoints)
        } catch {
            throw ReproError("\(directory): cannot write the promoted files: \(error.localizedDescription)")
        }
        let store = GoldenStore(tape: tape, mode: .missing)
        if case .unreadable(let path, let reason) = store.check("failure", snapshot: failure.after) {
            throw ReproError("\(path): \(reason)")
        }
        return Result(tape: tape, checkpoints: checkpoints, golden: store.path(for: "failure"), failure: failure)
    }
}
