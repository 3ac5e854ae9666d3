import Foundation
import Testing

/// The threads the `.cpuBound` tests run on: as many as the machine has cores, apart from Swift's
/// concurrency pool, with one queue in the order jobs arrive.
///
/// Why the tests need them (issue 44): the suite starts every test at once, and on a 2-core machine
/// the concurrency pool has 2 threads. A test that computes for seconds without suspending (a debug
/// build decoding megabytes of LZ4, every cut of a tape, thousands of fuzzed inputs) holds one of
/// them; a test that awaits (a child's output line, a socket) goes back to the end of the pool's
/// queue when it resumes. With two such computations running and more queued, a waiting test
/// resumed a minute late, and the server it had started gave up waiting for its client.
/// Here the computations queue among themselves; the pool stays free for the tests that wait.
public enum CPUBoundExecutor {
    public static let shared = ThreadsExecutor(name: "cpu-bound", threads: ProcessInfo.processInfo.activeProcessorCount)
}

/// Runs each test case on `CPUBoundExecutor`'s threads instead of Swift's concurrency pool: for
/// tests that compute for long stretches without suspending, so they never hold a pool thread
/// while the tests that wait for a peer are queued to resume. What the test awaits (child tasks,
/// `async let`) follows it there; NIO and Foundation callbacks keep their own threads.
/// `scripts/pool-hogs.sh` finds the tests that need it.
public struct CPUBoundTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite or a test passes through; each of its cases moves.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(CPUBoundExecutor.shared) { try await function() }
    }
}

extension Trait where Self == CPUBoundTrait {
    /// Each test case on the CPU-bound tests' own threads, not Swift's concurrency pool (`CPUBoundTrait`).
    public static var cpuBound: Self { CPUBoundTrait() }
}

/// Runs one long computation of a test that otherwise waits on `CPUBoundExecutor`'s threads, so
/// it does not hold a thread of Swift's concurrency pool (`CPUBoundTrait` moves whole tests).
public func onCPUBoundThreads<T: Sendable>(_ body: @Sendable () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(CPUBoundExecutor.shared) { try body() }
}
