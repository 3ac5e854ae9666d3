import Foundation
import Testing

/// A task executor with one thread of its own, which ends with `stop()`: the jobs of the task that
/// prefers it run there in order, never in the queue of Swift's concurrency pool.
public final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    // Guards `jobs` and `stopped`; the thread waits on it for work.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    public init() {
        Thread { [self] in
            nameCurrentThread("own-thread test")
            run()
        }.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end once it has run what is queued.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty && !stopped { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs each test case on a thread of its own (`OwnThreadExecutor`): for tests that start a peer
/// with a deadline of its own (a child process, a server, a browser) and must answer it in time.
///
/// Why (issue 44): the suite starts every test at once, and on a 2-core machine Swift's pool has
/// 2 threads. A test that resumes after an await (a child's output line, a sleep) goes to the end
/// of the pool's queue, behind every test not yet started and every long computation; under load
/// `ServeVerifyTests` read `serve`'s first line 200 s after it was printed, and `serve` had given
/// up at its 60 s timeout. On its own thread a test resumes as soon as what it awaited is there,
/// whatever the rest of the suite is doing. What it awaits (child tasks, `async let`) follows it;
/// NIO's and Foundation's callbacks keep their own threads.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// How many such cases run at once: four a core. All of them at once (a hundred servers,
    /// browsers and Python peers starting together) left each too little CPU for its peers'
    /// own 10 s handshake timeouts under a CPU hog; the rest wait their turn before they start.
    static let slots = TestSlots(ProcessInfo.processInfo.activeProcessorCount * 8)

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite or a test passes through; each of its cases moves.
        guard testCase != nil else { return try await function() }
        await Self.slots.acquire()
        defer { Self.slots.release() }
        let executor = OwnThreadExecutor()
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test case on a thread of its own, never queued behind other tests (`OwnThreadTrait`).
    public static var ownThread: Self { OwnThreadTrait() }
}

/// A counting semaphore for tasks: `acquire` suspends (holding no thread) until a slot is free.
final class TestSlots: @unchecked Sendable {
    // Guards `free` and `waiting`.
    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                guard free > 0 else {
                    waiting.append(continuation)
                    return false
                }
                free -= 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}

/// Names the calling thread as profilers and debuggers show it; a thread started from the pool
/// would otherwise carry the pool's name (scripts/pool-hogs.sh tells them apart by it).
func nameCurrentThread(_ name: String) {
    #if os(Linux)
    try? name.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
    #else
    Thread.current.name = name
    #endif
}
