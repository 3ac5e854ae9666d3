import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe the scratch folder's signal handler reports to (a handler may only
/// make such calls).
nonisolated(unsafe) private var scratchPipeWrite: Int32 = -1

/// A temporary folder that goes away on every way out: `remove()` at the end of its command, and
/// SIGINT or SIGTERM while it exists, after which the process ends as the signal would have ended
/// it. `bench --synthetic` writes gigabytes there; an interrupted run left them behind (issue 51).
/// The handler only writes the signal's number to a pipe; a thread removes the folder.
///
/// `@unchecked Sendable`: its one stored property, `url`, is a constant; the signal handler and
/// the removing thread share only the pipe.
final class ScratchFolder: @unchecked Sendable {
    let url: URL

    /// Creates `tapedeck-NAME-PID` in the temporary directory and starts catching the two signals.
    init(name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw CommandFailure.exit("cannot create a pipe for signals: \(String(cString: strerror(errno)))", code: 1)
        }
        scratchPipeWrite = descriptors[1]
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(scratchPipeWrite, &byte, 1)
            }
        }
        let url = self.url
        let readEnd = descriptors[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            // The command may still be adding a file: try again until the folder is gone.
            for _ in 0..<20 where FileManager.default.fileExists(atPath: url.path) {
                try? FileManager.default.removeItem(at: url)
            }
            signal(Int32(byte), SIG_DFL)
            // To the process, not this thread, which may block the signal.
            kill(getpid(), Int32(byte))
        }
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
