import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Sessions that end without a closing handshake: a reset from either side, and a close frame the
/// server never answers. Each is recorded as an error note, the other side is let go, and the
/// tape is closed completely.
@Suite(.tags(.integration), .ownThread) struct ProxyAbnormalEndTests {
    @Test func clientResetIsRecordedAndTheServerLetGo() async throws {
        try Peers.requirePython()
        let server = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "client-reset")
        let client = try ChildProcess(
            ChildProcess.python, [Peers.proxy("raw_peer.py"), "client", harness.proxy.url + "/", "reset"])
        let run = await client.wait()
        #expect(run.output == ["echo before reset", "reset"], "\(run.standardError)")

        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        #expect(tape.end == .complete)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == ["before reset"])
        let errors = tape.records.filter { $0.kind == .error }.map { tape.text($0) }
        #expect(errors.count == 2, "\(errors)")
        #expect(
            errors.first.map { $0.hasPrefix("client") && ($0.contains("reset") || $0.contains("without a close frame")) } == true,
            "\(errors)")
        #expect(errors.last == "dropping the server connection: the client is gone")
        #expect(!tape.records.contains { $0.kind == .close })
        await harness.shutdown()
        await server.shutdown()
    }

    @Test func serverResetIsRecordedAndTheAppLetGo() async throws {
        try Peers.requirePython()
        let server = try ChildProcess(ChildProcess.python, [Peers.proxy("raw_peer.py"), "server", "reset"])
        let harness = try await ProxyHarness(upstreamPort: try await server.port(), name: "server-reset")
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await client.send(text: "hello")
        // The app sees its connection end without a close frame, as the server's did.
        #expect(try await client.receive(timeout: .seconds(30)) == .closed(code: nil))
        #expect(await server.wait().output.dropFirst() == ["reset"])

        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        #expect(tape.end == .complete)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == ["hello"])
        let errors = tape.records.filter { $0.kind == .error }.map { tape.text($0) }
        #expect(errors.count == 2, "\(errors)")
        #expect(
            errors.first.map { $0.hasPrefix("server") && ($0.contains("reset") || $0.contains("without a close frame")) } == true,
            "\(errors)")
        #expect(errors.last == "dropping the client connection: the server is gone")
        await harness.shutdown()
    }

    @Test func unansweredCloseTimesOutAndIsRecorded() async throws {
        try Peers.requirePython()
        let server = try ChildProcess(ChildProcess.python, [Peers.proxy("raw_peer.py"), "server", "noclose"])
        // A close frame gets 2 s to be answered.
        let harness = try await ProxyHarness(upstreamPort: try await server.port(), name: "close-timeout", closeGraceSeconds: 2)
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await client.send(text: "hi")
        #expect(try await client.receiveText() == Array("hi".utf8))
        // Returns once the proxy drops the app's connection (the 60 s are only against a hang).
        await client.close(code: 1000, timeout: .seconds(60))
        #expect(await server.wait().output.dropFirst() == ["close 1000", "eof"])

        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        #expect(tape.end == .complete)
        #expect(tape.records.filter { $0.kind == .close }.map { "\($0.direction.name) \($0.closeCode ?? 0)" } == ["c2s 1000"])
        #expect(
            tape.records.filter { $0.kind == .error }.map { tape.text($0) }
                == ["timeout: the server did not finish closing within 2 s"])
        await harness.shutdown()
    }
}
