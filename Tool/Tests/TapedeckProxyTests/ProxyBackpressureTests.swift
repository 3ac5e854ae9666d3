import Foundation
import TapedeckProxy
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Bounded buffers: a reader that does not read stops the proxy reading from the other side, and
/// a tape that falls behind pauses reading until it caught up. Nothing is dropped either way.
@Suite(.tags(.integration), .ownThread) struct ProxyBackpressureTests {
    @Test func slowReaderSlowsTheSenderAndNothingIsLost() async throws {
        try Peers.requirePython()
        // 256 MiB pushed at an app that reads nothing at first.
        let count = 1024
        let size = 256 * 1024
        let server = try ChildProcess(ChildProcess.python, [Peers.proxy("push_server.py"), "\(count)", "\(size)"])
        let harness = try await ProxyHarness(upstreamPort: try await server.port(), name: "slow-reader")
        let go = harness.folder + "-go"
        let client = try ChildProcess(
            ChildProcess.python,
            [
                Peers.proxy("slow_client.py"), harness.proxy.url + "/", go,
                "\(count)", "\(size)",
            ])
        _ = try await client.line(startingWith: "connected")
        // Wait until the server cannot hand more to its socket (no progress for 2 s; at most 60 s).
        let sent = { () -> Int in
            Int(server.outputSoFar.last { $0.hasPrefix("sent ") && $0 != "sent all" }?.dropFirst(5) ?? "") ?? 0
        }
        var stalled = sent()
        var quiet = 0
        for _ in 0..<240 where quiet < 8 {
            try await Task.sleep(nanoseconds: 250_000_000)
            let now = sent()
            quiet = now == stalled ? quiet + 1 : 0
            stalled = now
        }
        // Without backpressure the proxy would have taken all 256 MiB into memory. With it, only the
        // sockets' buffers (their kernel maximum here is 32 MiB for receiving) and a few bounded
        // queues hold what the app has not read.
        #expect(stalled < count / 2, "the server sent \(stalled) of \(count) messages while the app read nothing")
        #expect(!server.outputSoFar.contains("sent all"))

        #expect(FileManager.default.createFile(atPath: go, contents: Data()))
        let run = await client.wait()
        #expect(run.output.last == "received \(count) intact", "\(run.output) \(run.standardError)")
        #expect(server.outputSoFar.contains("sent all"))
        server.signal(SIGKILL)
        await server.wait()

        let tapes = await harness.waitForTapes(1)
        let path = try #require(tapes.first).path
        // 256 MiB read back: seconds of CPU in a debug build, off the concurrency pool.
        let intact = try await onCPUBoundThreads {
            let reader = try TapeReader(path: path)
            var index = 0
            var intact = 0
            while let record = try reader.next() {
                guard record.direction == .s2c, record.kind == .binary else { continue }
                let head = record.payload.prefix(8).reduce(0) { $0 << 8 | Int($1) }
                if head == index && record.payload.count == size && record.payload.last == UInt8(index % 251) { intact += 1 }
                index += 1
            }
            return intact
        }
        #expect(intact == count)
        try? FileManager.default.removeItem(atPath: go)
        await harness.shutdown()
    }

    @Test func tapeFallingBehindPausesReadingAndDropsNothing() async throws {
        let server = try await EchoServer()
        // A queue bound of 2 KiB: reading pauses every few messages until the writer caught up.
        let harness = try await ProxyHarness(
            upstream: UpstreamURL(secure: false, host: "127.0.0.1", port: server.port, path: nil),
            name: "tape-behind"
        ) { $0.recorderQueueBytes = 2048 }
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        let messages = (0..<2000).map { "message \($0) " + String(repeating: "x", count: 500) }
        var echoed: [String] = []
        for batch in stride(from: 0, to: messages.count, by: 100) {
            for message in messages[batch..<batch + 100] { try await client.send(text: message) }
            for _ in 0..<100 {
                echoed.append(String(decoding: try await client.receiveText(timeout: .seconds(60)), as: UTF8.self))
            }
        }
        await client.close()
        #expect(echoed == messages)
        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        #expect(tape.end == .complete)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == messages)
        #expect(tape.records(.s2c, [.text]).map { tape.text($0) } == messages)
        await harness.shutdown()
        await server.shutdown()
    }
}
