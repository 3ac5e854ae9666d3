import Foundation
import TapedeckReplay
import TapedeckServers

/// What ends a `tapedeck serve --verify` run, whichever comes first: the verification (every
/// recorded client message answered, or the client gone), a signal, or the timeout.
enum ServeVerdictWait {
    static func first(verification: ServeVerification, signals: TerminationSignals, timeout: Double) async -> String {
        await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let once = ResumeOnce(continuation)
            // Unstructured: the two that lose go on waiting until the process exits.
            Task {
                await verification.ended()
                once.resume("the client is done")
            }
            Task {
                once.resume(await signals.wait())
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                once.resume("--timeout \(timeout) s reached")
            }
        }
    }
}

/// Resumes a continuation with the first value given, and ignores the rest.
///
/// `@unchecked Sendable`: `continuation` is read and cleared only while `lock` is held, so the
/// verdict's thread and the timeout's task cannot both take it.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<String, Never>?

    init(_ continuation: CheckedContinuation<String, Never>) { self.continuation = continuation }

    func resume(_ value: String) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: value)
    }
}
