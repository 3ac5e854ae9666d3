import ArgumentParser
import Foundation
import TapedeckChecks
import TapedeckReplay
import TapedeckTape

/// The tapes-or-folders argument of the commands that read many tapes (`conform`, `coverage`).
struct TapeListOptions: ParsableArguments {
    @Argument(help: "Tapes, or folders searched for *.tape.")
    var paths: [String]

    /// Each path's tapes in order: a file as given, a folder's *.tape files searched recursively;
    /// a path that does not exist exits with code 2.
    func tapes() throws -> [String] {
        var tapes: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure.exit("\(path): no such file or folder", code: TapeExitCode.unreadableInput)
            }
            tapes += isDirectory.boolValue ? try CheckRunner.findTapes(in: path) : [path]
        }
        return tapes
    }
}
