import Dispatch
import Foundation

/// SIGINT and SIGTERM, caught from the moment this is made: a command makes it before printing
/// that it is ready, so a signal sent right after that line is never lost to the default handler.
final class TerminationSignals: @unchecked Sendable {
    private struct State {
        var received: String?
        var waiter: CheckedContinuation<String, Never>?
    }

    /// Guarded by `lock`; shared with the signal handlers.
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var state = State()

        func withLock<T>(_ body: (inout State) -> T) -> T {
            lock.lock(); defer { lock.unlock() }
            return body(&state)
        }
    }

    private let state = Box()
    private let sources: [any DispatchSourceSignal]

    init() {
        let queue = DispatchQueue(label: "tapedeck.termination-signals")
        var sources: [any DispatchSourceSignal] = []
        let state = self.state
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let waiter: CheckedContinuation<String, Never>? = state.withLock { state in
                    guard state.received == nil else { return nil }
                    state.received = name
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(returning: name)
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
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
