import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 51, finding 1: 20,000 distinct keys, one connection each, all waiting out their gap.
/// Before, each waiting session held a descriptor and ~90 KB, and at the descriptor limit the proxy
/// locked every client out. The proxy runs as `tapedeck record`, so its descriptors and resident
/// memory are its own (/proc/PID); a stress suite (`STRESS_SUITES`), run alone.
@Suite(
    .tags(.integration), .ownThread,
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "reads a process's descriptors in /proc (Linux)")
) struct SessionLoadTests {
    /// A process's open descriptors and resident memory (KiB).
    struct Figures: CustomStringConvertible {
        var descriptors: Int
        var residentKiB: Int

        init(pid: Int32) {
            descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            residentKiB = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }

        var description: String { "\(descriptors) fds, \(residentKiB / 1024) MB resident" }
    }

    /// One WebSocket upgrade on a blocking socket, then a drop: true when the answer was 101.
    static func upgradeAndDrop(port: Int, path: String) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return false }
        let request = Array(
            ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return false
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !received.contains(0x0A) || !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101")
    }

    @Test func twentyThousandWaitingSessionsHoldNoDescriptorsAndANewClientIsServed() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let keys = 20_000
        let maxSessions = 10_000
        let server = try await EchoServer()
        let folder = try TestFolder("tapedeck-session-load").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (recorder, url) = try await RecordCommandTests.startRecorder(
            upstreamPort: server.port, folder: folder,
            extra: ["--session-key", "query:dev", "--session-gap", "3600", "--threads", "2", "--no-catalog"])
        let port = try #require(Int(url.split(separator: ":").last ?? ""))
        let pid = recorder.pid
        let before = Figures(pid: pid)

        let floodStart = ContinuousClock.now
        let done = LoadCounter()
        let upgraded = LoadCounter()
        let peak = PeakFigures()
        let finished = LoadCounter()
        let workers = 16
        for worker in 0..<workers {
            Thread.detachNewThread {
                for index in stride(from: worker, to: keys, by: workers) {
                    if Self.upgradeAndDrop(port: port, path: "/game?dev=key-\(index)") { upgraded.add() }
                    done.add()
                }
                finished.add()
            }
        }
        // Sampled while the keys come in.
        let sampler = Task.detached {
            while finished.value < workers {
                peak.take(Figures(pid: pid))
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        // Half way: a client with a key of its own is served at once.
        _ = await eventually(600) { done.value >= keys / 2 }
        let start = ContinuousClock.now
        let fresh = try await WebSocketClient.connect(
            host: "127.0.0.1", port: port, path: "/game?dev=fresh", timeout: .seconds(60))
        try await fresh.send(text: "hello")
        #expect(try await fresh.receiveText(timeout: .seconds(60)) == Array("hello".utf8))
        let served = ContinuousClock.now - start
        await fresh.close(code: 1000, timeout: .seconds(60))
        #expect(await eventually(600) { finished.value == workers })
        await sampler.value
        let flood = ContinuousClock.now - floodStart
        #expect(upgraded.value == keys)

        // Every session waits (the bound's worth of them): the descriptors are back where they were.
        let settleStart = ContinuousClock.now
        var waiting = Figures(pid: pid)
        _ = await eventually(60) {
            waiting = Figures(pid: pid)
            return waiting.descriptors <= before.descriptors + 8
        }
        let settle = ContinuousClock.now - settleStart
        let tapes = TestFolder.tapes(in: folder)
        #expect(tapes.count == keys + 1)
        let shutdownStart = ContinuousClock.now
        recorder.signal(SIGINT)
        #expect(await recorder.wait().status == 0)
        let shutdown = ContinuousClock.now - shutdownStart
        // Every 40th tape read back (reading all 20,001 in a debug build took a minute): complete.
        let sample = stride(from: 0, to: tapes.count, by: 40).map { tapes[$0] }
        var complete = 0
        for path in sample where (try? TapeContents(path: path))?.end == .complete { complete += 1 }
        print(
            "session-load: \(keys) keys, --max-sessions \(maxSessions): before \(before); peak \(peak.descriptors) fds, "
                + "\(peak.residentKiB / 1024) MB; waiting \(waiting); new client served in \(served); keys in \(flood); settled in \(settle); shut down in \(shutdown); "
                + "\(complete) of \(sample.count) sampled tapes complete")
        #expect(waiting.descriptors <= before.descriptors + 8, "before \(before), waiting \(waiting)")
        // In flight at once: 16 clients' connections, their upstreams and tapes, never a descriptor per key.
        #expect(peak.descriptors <= before.descriptors + 400, "peak \(peak.descriptors)")
        // Before: about 90 KB per waiting session, over 1 GB at 12,000 keys.
        #expect(waiting.residentKiB <= before.residentKiB + 300 * 1024, "before \(before), waiting \(waiting)")
        #expect(complete == sample.count)
        await server.shutdown()
    }
}

/// A count several threads add to. `@unchecked Sendable`: `count` is touched only under `lock`.
final class LoadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// The most descriptors and resident memory seen. `@unchecked Sendable`: written under `lock` by
/// the one sampler, and read after the sampler has ended.
final class PeakFigures: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var descriptors = 0
    private(set) var residentKiB = 0

    func take(_ figures: SessionLoadTests.Figures) {
        lock.lock()
        descriptors = max(descriptors, figures.descriptors)
        residentKiB = max(residentKiB, figures.residentKiB)
        lock.unlock()
    }
}
