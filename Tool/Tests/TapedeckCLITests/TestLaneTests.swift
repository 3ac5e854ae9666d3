import Foundation
import TestSupport
import Testing

/// Issue 44: the suite's two lanes off Swift's concurrency pool (Tests/TestSupport, OwnThread.swift
/// and CPUBound.swift; docs/DEVELOPMENT.md, "Tests"), and the rule that keeps peers' tests on theirs.
@Suite struct TestLaneTests {
    /// Every thread of the pool is held by a spinning task until this test, on its own thread, has
    /// slept and woken: on the pool it could not wake until they gave up (after 60 s), so each
    /// spinner says whether it was let go or gave up. Holding the pool by spinning, not blocking,
    /// so the pool does not add threads.
    @Test(.ownThread) func anOwnThreadTestWakesWhileEveryPoolThreadIsBusy() async throws {
        let pool = ProcessInfo.processInfo.activeProcessorCount
        let spinning = Counter()
        let release = Counter()
        let spinners = (0..<pool).map { _ in
            Task.detached { () -> Bool in
                spinning.add()
                let deadline = ContinuousClock.now + .seconds(60)
                while release.value == 0 {
                    if ContinuousClock.now > deadline { return false }
                }
                return true
            }
        }
        // Every pool thread spins: nothing else can run on the pool now.
        while spinning.value < pool { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(5))
        release.add()
        var letGo = 0
        for spinner in spinners where await spinner.value { letGo += 1 }
        #expect(letGo == pool, "\(pool - letGo) of \(pool) pool threads were held until they gave up")
    }

    /// A `.cpuBound` test runs off the pool: on one of CPUBoundExecutor's named threads.
    @Test(.cpuBound) func aCPUBoundTestRunsOnTheCPUBoundThreads() throws {
        #if os(Linux)
        let name = try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        #expect(name.hasPrefix("cpu-bound-"), "runs on \(name)")
        #endif
    }

    /// Peers have deadlines of their own (serve's --timeout, a handshake timeout, a Python client's
    /// open timeout): every suite in a file that starts one runs its cases on their own threads.
    @Test func suitesThatStartPeersRunOnTheirOwnThreads() throws {
        let starts = [
            "ChildProcess(", "withServer", "ProxyHarness(", "EchoServer(", "HeadlessChromium", "TapeServer.start",
            "ReferenceServer.start", "WebSocketClient.connect", "MotoServer.start",
        ]
        let tests = URL(fileURLWithPath: ChildProcess.repositoryRoot).appendingPathComponent("Tool/Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
        var offenders: [String] = []
        // This file names the starts without making any.
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("TestSupport/") {
            guard !file.hasSuffix("/TestLaneTests.swift") else { continue }
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            guard starts.contains(where: text.contains) else { continue }
            for suite in Self.suiteAttributes(text) where !suite.contains(".ownThread") && !suite.contains(".cpuBound") {
                offenders.append("\(file): \(suite)")
            }
        }
        #expect(offenders.isEmpty, "add .ownThread to these suites (they start peers):\n\(offenders.joined(separator: "\n"))")
    }

    /// The text of each `@Suite` attribute at the start of a line, up to its closing parenthesis.
    static func suiteAttributes(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\n@Suite") {
            var depth = 0
            var end = start.upperBound
            while end < rest.endIndex {
                let character = rest[end]
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0 && (character == ")" || character == " " || character == "\n") { break }
                end = rest.index(after: end)
            }
            found.append(String(rest[start.lowerBound..<end]).trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[end...]
        }
        return found
    }
}

/// A count several threads add to. `@unchecked Sendable`: `count` is touched only under `lock`.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
