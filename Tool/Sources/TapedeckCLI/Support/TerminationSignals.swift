import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, caught from the moment this is made: a command makes it before printing
/// that it is ready, so a signal sent right after that line is never lost to the default handler.
/// They are caught through `SignalPipe`.
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
        let state = self.state
        do {
            try SignalPipe.catchTermination { number in
                let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
                let waiter: CheckedContinuation<String, Never>? = state.withLock { state in
                    state.received = name
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(returning: name)
            }
        } catch {
            fatalError("tapedeck: \(error)")
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
