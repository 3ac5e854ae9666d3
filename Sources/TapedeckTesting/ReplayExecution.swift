import Dispatch

/// Where a task waits while the replay settles the app. On the main queue, beside the app's
/// main-actor code: otherwise each time the task resumed (a continuation, `Task.yield()`) it went
/// through the global concurrent pool on its way back to the main actor, and those thread
/// wake-ups were most of a replay's time per event (issue 43). Only the waits are moved: the
/// replay's own steps, and the app's tasks (`Task {}` does not inherit a task executor
/// preference), run as they did, so an app that does not settle still lags behind its goldens.
enum ReplayExecution {
    /// `operation` with the current task waiting on the main queue, where the platform has task
    /// executors (macOS 15, iOS 18; elsewhere as before).
    static func onMainQueue<T, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return try await withTaskExecutorPreference(MainQueueExecutor.shared, isolation: isolation, operation: operation)
        }
        return try await operation()
    }
}

/// Runs each job of a task that prefers it on the main queue.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class MainQueueExecutor: TaskExecutor {
    static let shared = MainQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
