import Foundation

/// A task executor with threads of its own: the jobs of the tasks that prefer it run there, in the
/// order they arrive, never in the queue of Swift's concurrency pool. `stop()` lets the threads end
/// once the queue is empty. Behind the suite's two lanes off the pool (`.ownThread`, `.cpuBound`).
/// `@unchecked Sendable`: the queue (`jobs`, `head`, `stopped`) is touched only under `condition`.
public final class ThreadsExecutor: TaskExecutor, @unchecked Sendable {
    // Guards `jobs`, `head` and `stopped`; the threads wait on it for work.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var stopped = false

    /// `threads` threads, named `name-N` as profilers and debuggers show them (scripts/pool-hogs.sh
    /// tells them from the pool's by it; a thread started from the pool would carry the pool's name).
    public init(name: String, threads: Int) {
        for index in 0..<max(1, threads) {
            Thread { [self] in
                Self.nameCurrentThread("\(name)-\(index)")
                run()
            }.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the threads end once they have run what is queued.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private func run() {
        while let next = nextJob() { next.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// The oldest queued job, waiting for one; nil once stopped with none left.
    private func nextJob() -> UnownedJob? {
        condition.withLock {
            while head == jobs.count && !stopped { condition.wait() }
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            // Drop what was taken once it is most of the array, so a long-lived queue does not grow.
            if head > 1024 && head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private static func nameCurrentThread(_ name: String) {
        #if os(Linux)
        try? name.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        #else
        Thread.current.name = name
        #endif
    }
}
