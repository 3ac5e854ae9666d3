import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe the signal handler reports to (a handler may only make such calls).
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// SIGINT and SIGTERM caught at once and handed to a thread: the handler is installed with
/// `signal` (a dispatch signal source registers later, and a signal in between would be lost) and
/// only writes the signal's number to a pipe; a thread reads it and calls `onSignal` with it, once.
/// `TerminationSignals` and `ScratchFolder` catch the signals this way; a later `catchTermination`
/// replaces an earlier one's handler.
enum SignalPipe {
    /// The pipe could not be made: `reason` is the system's (`strerror`).
    struct NoPipe: Error, CustomStringConvertible {
        let reason: String
        var description: String { "cannot create a pipe for signals: \(reason)" }
    }

    /// Starts catching SIGINT and SIGTERM.
    ///
    /// - Parameter onSignal: Called on a thread of its own with the first signal's number.
    /// - Throws: `NoPipe`, with the system's reason, when the pipe cannot be made.
    static func catchTermination(_ onSignal: @escaping @Sendable (Int32) -> Void) throws(NoPipe) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw NoPipe(reason: String(cString: strerror(errno))) }
        signalPipeWrite = descriptors[1]
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWrite, &byte, 1)
            }
        }
        let readEnd = descriptors[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            onSignal(Int32(byte))
        }
    }
}
