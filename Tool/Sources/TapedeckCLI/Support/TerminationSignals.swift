import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe the signal handler reports to (a handler may only make such calls).
nonisolated(unsafe) private var terminationPipeWrite: Int32 = -1

/// SIGINT and SIGTERM, caught from the moment this is made: a command makes it before printing
/// that it is ready, so a signal sent right after that line is never lost to the default handler.
/// The handler is installed with `signal` at once (a dispatch signal source registers later, and
/// a signal in between would be lost) and writes the signal's number to a pipe; a thread reads it.
///
/// `@unchecked Sendable`: its one stored property is the `Box`, a constant whose state is only
/// touched under the box's lock.
final class TerminationSignals: @unchecked Sendable {
    private struct State {
        var received: String?
        var waiter: CheckedContinuation<String, Never>?
    }

    /// `@unchecked Sendable`: `state` is guarded by `lock` (only `withLock` touches it); shared with
    /// the reading thread.
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var state = State()

        func withLock<T>(_ body: (inout State) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }

    private let state = Box()

    init() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            fatalError("tapedeck: cannot create a pipe for signals: \(String(cString: strerror(errno)))")
        }
        terminationPipeWrite = descriptors[1]
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(terminationPipeWrite, &byte, 1)
            }
        }
        let state = self.state
        let readEnd = descriptors[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            let name = Int32(byte) == SIGTERM ? "SIGTERM" : "SIGINT"
            let waiter: CheckedContinuation<String, Never>? = state.withLock { state in
                state.received = name
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: name)
        }
    }

    /// The name of the first signal, waiting for it if none came yet.
    func wait() async -> String {
        await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let received: String? = state.withLock { state in
                if state.received == nil { state.waiter = continuation }
                return state.received
            }
            if let received { continuation.resume(returning: received) }
        }
    }
}
