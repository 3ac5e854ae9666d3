import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary folder that goes away on every way out: `remove()` at the end of its command, and
/// SIGINT or SIGTERM while it exists, after which the process ends as the signal would have ended
/// it. `bench --synthetic` writes gigabytes there; an interrupted run left them behind (issue 51).
/// The signals are caught through `SignalPipe`; its thread removes the folder.
///
/// `@unchecked Sendable`: its one stored property, `url`, is a constant; the signal handler and
/// the removing thread share only the pipe.
final class ScratchFolder: @unchecked Sendable {
    let url: URL

    /// Creates `tapedeck-NAME-PID` in the temporary directory and starts catching the two signals.
    init(name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let url = self.url
        do {
            try SignalPipe.catchTermination { number in
                // The command may still be adding a file: try again until the folder is gone.
                for _ in 0..<20 where FileManager.default.fileExists(atPath: url.path) {
                    try? FileManager.default.removeItem(at: url)
                }
                signal(number, SIG_DFL)
                // To the process, not this thread, which may block the signal.
                kill(getpid(), number)
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw CommandFailure.exit(error.description, code: 1)
        }
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
