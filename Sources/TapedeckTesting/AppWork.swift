import Dispatch
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The app's asynchronous work during a replay, on one queue: the replay's way of knowing, without
/// a clock, that the app has nothing left to do.
///
/// The app under replay starts on the main actor (the adapter is `@MainActor`), and its hops off it
/// — a nonisolated socket protocol's `receive()`, a `sleep` on an injected `any Clock`, a
/// `Task.detached` — go to Swift's global pool, where a busy machine runs them late and in any
/// order. While a replay runs, Swift's global-enqueue hook (the one swift-concurrency-extras'
/// `withMainSerialExecutor` sets) sends each job enqueued *from the main queue* (the main actor's work, the main queue's blocks) back to the main queue
/// instead, and counts it. So the app's code runs on one thread, in the order it was started,
/// whatever the load, and "nothing left to do" is a fact the replay reads: a round through the main
/// queue that ran none of the app's jobs and left none queued.
///
/// Only jobs enqueued from the main queue move. `withMainSerialExecutor` moves every job of the
/// process, so a test process's parallel tests all run on the main thread while it is on; here the
/// pool keeps its other work, and a test elsewhere loses only the hops its main-actor code makes
/// while a replay runs. The cost of the rule: app work started from a thread of the app's own (a
/// background `DispatchQueue`) is not the replay's to see; the adapter's `settle()` awaits it.
enum AppWork {
    /// Swift's hook: the job, and the runtime's own way to enqueue it.
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private struct State {
        /// Replays running now: the hook is set while there is one.
        var replays = 0
        /// The hook that was set before (chained to for the jobs that stay on the pool).
        var previous: Hook?
        /// Whether this hook is set now.
        var installed = false
        /// Jobs moved to the main queue, and how many of them have run.
        var moved = 0
        var ran = 0
        /// Calls the app made on the replay's socket, clock and network: a loop on the main actor
        /// that never leaves it (a receive loop on a dead socket) shows here.
        var touches = 0
    }

    nonisolated(unsafe) private static var state = State()
    private static let lock = NSLock()

    /// The runtime's hook variable; nil where the runtime has none (the app's hops then stay on the
    /// pool, and the replay settles the main queue only).
    nonisolated(unsafe) private static let slot: UnsafeMutablePointer<Hook?>? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
        return symbol.assumingMemoryBound(to: Hook?.self)
    }()

    /// Marks the main queue, so the hook can tell work running on it (the main actor's, the main
    /// queue's blocks) from the pool's: `Thread.isMainThread` is not that on Linux, where the
    /// main queue may be drained by another thread.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    private static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

    /// A replay starts: from now on the global jobs the main queue's work enqueues run on the main queue.
    static func begin() {
        lock.withLock {
            state.replays += 1
            guard state.replays == 1, let slot else { return }
            // Custom executors came with iOS 17 and macOS 14: before, the main queue only is settled.
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
            _ = mainQueueKey
            state.installed = true
            state.previous = slot.pointee
            slot.pointee = route
        }
    }

    /// A replay ends: the last one puts the previous hook back.
    static func end() {
        lock.withLock {
            state.replays -= 1
            guard state.replays == 0, let slot, state.installed else { return }
            state.installed = false
            slot.pointee = state.previous
            state.previous = nil
        }
    }

    /// How much the app did so far (jobs moved, calls on the replay), and whether every moved job has run.
    static var progress: (done: Int, idle: Bool) {
        lock.withLock { (state.moved + state.touches, state.ran == state.moved) }
    }

    /// The app called the replay's socket, clock or network.
    static func touch() {
        lock.withLock { state.touches += 1 }
    }

    private static let route: Hook = { job, original in
        guard AppWork.onMainQueue else {
            if let previous = AppWork.previousHook { return previous(job, original) }
            return original(job)
        }
        AppWork.moveToMainQueue(job, original)
    }

    private static var previousHook: Hook? { lock.withLock { state.previous } }

    private static func moveToMainQueue(_ job: UnownedJob, _ original: Original) {
        // The hook is only set where the executor exists (`begin()`).
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return original(job) }
        AppWorkExecutor.shared.enqueue(ExecutorJob(job))
    }

    /// A job of the app's arrives on the main queue's executor: counted until it has run.
    fileprivate static func moved() { lock.withLock { state.moved += 1 } }
    fileprivate static func ran() { lock.withLock { state.ran += 1 } }
}

/// Where the app's moved jobs run: on the main queue, in order, each counted until it has run. A
/// job runs *on* this executor, so its next hop (a `Task.yield()`, a resumption, from any thread)
/// comes back here and is counted too; run on the main actor's executor instead, those hops would
/// stay on the main actor unseen, and on the runtime's generic executor they would go back to the
/// pool.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class AppWorkExecutor: SerialExecutor {
    static let shared = AppWorkExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        AppWork.moved()
        DispatchQueue.main.async {
            job.runSynchronously(on: self.asUnownedSerialExecutor())
            AppWork.ran()
        }
    }
}
