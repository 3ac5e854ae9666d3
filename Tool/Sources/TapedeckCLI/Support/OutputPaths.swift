import TapedeckReplay
import TapedeckTape

/// Refuses an output that is also an input (`report b.tape -o b.tape`, `check D --junit D/a.tape`):
/// paths are compared resolved (`.`, `..`, symbolic links, hard links), so `./b.tape` and a link to
/// it count. Exit 2 before anything is read or written.
enum OutputPaths {
    /// The refusal when `output` is one of `inputs` (files) or lies inside one of `folders`.
    static func refuseInputs(output: String, option: String, inputs: [String], folders: [String] = []) throws {
        for input in inputs where FilePaths.same(output, input) {
            let which = input == output ? "" : " (\(input))"
            throw CommandFailure.exit(
                "\(option) \(output) is also an input\(which): writing it would destroy what this command reads. Choose another path.",
                code: ReplayExitCode.unreadable)
        }
        for folder in folders where FilePaths.isInside(output, folder: folder) {
            throw CommandFailure.exit(
                "\(option) \(output) is also an input: it is inside \(folder), which this command reads. Choose another path.",
                code: ReplayExitCode.unreadable)
        }
    }

    /// What replaying `tape` with its checkpoints reads: the tape and NAME.checkpoints (files),
    /// NAME.golden/ (a folder).
    static func replayInputs(ofTapes tapes: [String]) -> (files: [String], folders: [String]) {
        (tapes.flatMap { [$0, CheckpointFile.path(forTape: $0)] }, tapes.map(TapeFiles.goldenDirectory(forTape:)))
    }
}
