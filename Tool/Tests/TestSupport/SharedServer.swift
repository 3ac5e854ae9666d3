import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server one test process starts once, however many tests ask for it at the same time, and
/// kills at exit (`PostgresServer.shared()`, `MotoServer.shared()`): each start costs seconds.
actor SharedServer<Server: Sendable> {
    private let start: @Sendable () async throws -> (server: Server, pid: Int32)
    private var starting: Task<Server, any Error>?

    init(start: @escaping @Sendable () async throws -> (server: Server, pid: Int32)) { self.start = start }

    func server() async throws -> Server {
        if let starting { return try await starting.value }
        let task = Task { [start] in
            let started = try await start()
            KilledAtExit.add(started.pid)
            return started.server
        }
        starting = task
        return try await task.value
    }
}

/// The shared servers' pids, killed by one exit handler (a C function pointer captures nothing).
enum KilledAtExit {
    nonisolated(unsafe) private static var pids: [Int32] = []
    private static let lock = NSLock()

    static func add(_ pid: Int32) {
        lock.withLock {
            if pids.isEmpty { atexit { KilledAtExit.killAll() } }
            pids.append(pid)
        }
    }

    private static func killAll() {
        for pid in lock.withLock({ pids }) where pid > 0 { kill(pid, SIGKILL) }
    }
}
