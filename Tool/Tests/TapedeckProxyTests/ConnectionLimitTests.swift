import Foundation
import NIOCore
import TapedeckWebSocket
import TestSupport
import Testing

/// Issue 23, finding 4: the proxy, the reference server and `serve` close connections that do
/// not complete their handshake in time, close after their own 400, and refuse connections over
/// `--max-connections` with a 503 that says why, all while a well-behaved client is served.
@Suite(.serialized, .tags(.integration), .ownThread) struct ConnectionLimitTests {
    static let upgradeRequest =
        "GET /wss/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    /// One well-behaved session: connect, createCharacter, the 5 answers, close.
    static func playSession(port: Int) async throws -> Int {
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/wss/", timeout: .seconds(30))
        try await client.send(text: #"{"type":"createCharacter","message":{"name":"Grace","lastName":"Hopper","sex":"female"}}"#)
        var answers = 0
        for _ in 0..<5 {
            _ = try await client.receiveText(timeout: .seconds(30))
            answers += 1
        }
        await client.close()
        return answers
    }

    /// Silence, half a request, and a request trickled a byte at a time (so it is never idle)
    /// are each closed by the process under test once the 1 s handshake timeout is up; a real
    /// client connecting meanwhile is served in full.
    @Test(arguments: TapedeckUnderTest.Kind.allCases)
    func slowClientsAreClosedAfterTheHandshakeTimeout(_ kind: TapedeckUnderTest.Kind) async throws {
        let target = try await TapedeckUnderTest(kind, options: ["--handshake-timeout", "1", "--idle-timeout", "30"])
        defer { target.kill() }
        let silent = try (0..<20).map { _ in try RawSocket(port: target.port) }
        let half = try (0..<20).map { _ in try RawSocket(port: target.port) }
        for socket in half { socket.send("GET /wss/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n") }
        let trickle = try RawSocket(port: target.port)
        let trickling = Task.detached {
            // Never idle for long, never complete: only the handshake timeout stops it.
            for byte in Self.upgradeRequest.dropLast(2) {
                guard trickle.send(String(byte)) else { return }
                try? await Task.sleep(nanoseconds: 100_000_000)
            }
        }
        #expect(try await Self.playSession(port: target.port) == 5)
        // 15 s is a bound on the test, far above the 1 s timeout and far below a socket left open.
        for socket in silent + half + [trickle] {
            #expect(await socket.readUntilClosed(seconds: 15).end == .closedByPeer)
        }
        trickling.cancel()
        #expect(try await Self.playSession(port: target.port) == 5)
    }

    /// With a long handshake timeout, a socket that sends nothing is closed by the idle timeout.
    @Test(arguments: TapedeckUnderTest.Kind.allCases)
    func silentSocketsAreClosedAfterTheIdleTimeout(_ kind: TapedeckUnderTest.Kind) async throws {
        let target = try await TapedeckUnderTest(kind, options: ["--handshake-timeout", "60", "--idle-timeout", "1"])
        defer { target.kill() }
        let silent = try RawSocket(port: target.port)
        let half = try RawSocket(port: target.port)
        half.send("GET /wss/ HTTP/1.1\r\n")
        #expect(await silent.readUntilClosed(seconds: 15).end == .closedByPeer)
        #expect(await half.readUntilClosed(seconds: 15).end == .closedByPeer)
        #expect(try await Self.playSession(port: target.port) == 5)
    }

    /// Garbage gets NIO's 400 with `Connection: close`, and the connection is then closed (it
    /// stayed open before); the timeouts are long, so the close is not theirs.
    @Test(arguments: TapedeckUnderTest.Kind.allCases)
    func garbageIsAnswered400AndClosed(_ kind: TapedeckUnderTest.Kind) async throws {
        let target = try await TapedeckUnderTest(kind, options: ["--handshake-timeout", "60", "--idle-timeout", "60"])
        defer { target.kill() }
        let socket = try RawSocket(port: target.port)
        socket.send("GARBAGE NONSENSE\r\n\r\n")
        let (bytes, end) = await socket.readUntilClosed(seconds: 15)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(end == .closedByPeer)
    }

    /// With --max-connections 3 and three connections open, the fourth is answered 503 with the
    /// reason in plain text and closed; once one of the three goes, a client is served again.
    @Test(arguments: TapedeckUnderTest.Kind.allCases)
    func theConnectionOverTheLimitIsRefusedWith503(_ kind: TapedeckUnderTest.Kind) async throws {
        let target = try await TapedeckUnderTest(
            kind,
            options: [
                "--max-connections", "3", "--handshake-timeout", "60",
                "--idle-timeout", "60",
            ])
        defer { target.kill() }
        var open = try (0..<3).map { _ in try RawSocket(port: target.port) }
        // The three are accepted (counted) before the fourth arrives: a byte each, answered by nothing yet.
        for socket in open { socket.send("G") }
        try await Task.sleep(nanoseconds: 300_000_000)
        let refused = try RawSocket(port: target.port)
        refused.send(Self.upgradeRequest)
        let (bytes, end) = await refused.readUntilClosed(seconds: 15)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(text)")
        #expect(text.contains("Connection: close"))
        #expect(text.contains("3 connections are open, the most it accepts (--max-connections)"), "\(text)")
        #expect(end == .closedByPeer)
        open.removeLast()
        var served = 0
        // The closed socket is counted out once the process sees its end.
        for _ in 0..<50 where served == 0 {
            served = (try? await Self.playSession(port: target.port)) ?? 0
            if served == 0 { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        #expect(served == 5)
        withExtendedLifetime(open) {}
    }
}
