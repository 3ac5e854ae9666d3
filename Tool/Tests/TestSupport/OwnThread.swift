import Foundation
import Testing

/// Runs each test case on a thread of its own (a `ThreadsExecutor` of one thread): for tests that
/// start a peer with a deadline of its own (a child process, a server, a browser) and must answer
/// it in time.
///
/// Why (issue 44): the suite starts every test at once, and on a 2-core machine Swift's pool has
/// 2 threads. A test that resumes after an await (a child's output line, a sleep) goes to the end
/// of the pool's queue, behind every test not yet started and every long computation; under load
/// `ServeVerifyTests` read `serve`'s first line 206 s after it was printed, and `serve` had given
/// up at its 60 s timeout. On its own thread a test resumes as soon as what it awaited is there,
/// whatever the rest of the suite is doing. What it awaits (child tasks, `async let`) follows it;
/// NIO's and Foundation's callbacks keep their own threads.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// How many such cases run at once: eight a core. All of them at once (a hundred servers,
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
        let executor = ThreadsExecutor(name: "own-thread", threads: 1)
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test case on a thread of its own, never queued behind other tests (`OwnThreadTrait`).
    public static var ownThread: Self { OwnThreadTrait() }
}

/// A counting semaphore for tasks: `acquire` suspends (holding no thread) until a slot is free.
/// `@unchecked Sendable`: `free` and `waiting` are touched only under `lock`.
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
