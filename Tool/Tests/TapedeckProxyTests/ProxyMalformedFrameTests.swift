import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// A peer that breaks the protocol gets the right close code, its tape says why, and other
/// sessions go on.
@Suite(.serialized, .tags(.integration), .ownThread) struct ProxyMalformedFrameTests {
    @Test(arguments: [("opcode", 1002), ("unmasked", 1002), ("big", 1009)])
    func badClientFrameClosesThatConnection(mode: String, code: Int) async throws {
        try Peers.requirePython()
        let server = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "bad-client-\(mode)", maxMessageBytes: 65536)
        let bystander = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await bystander.send(text: "before")
        #expect(try await bystander.receiveText() == Array("before".utf8))

        let bad = try ChildProcess(ChildProcess.python, [Peers.proxy("raw_peer.py"), "client", harness.proxy.url + "/", mode])
        let run = await bad.wait()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.output.first?.hasPrefix("close \(code) client sent") == true, "\(run.output)")

        try await bystander.send(text: "after")
        #expect(try await bystander.receiveText() == Array("after".utf8))
        await bystander.close()

        let tapes = await harness.waitForTapes(2)
        let contents = try tapes.map { try TapeContents(path: $0.path) }
        let broken = try #require(contents.first { $0.records.contains { $0.kind == .error } })
        let error = try #require(broken.records.first { $0.kind == .error })
        #expect(error.direction == .note)
        #expect(broken.text(error).hasPrefix("client sent") && broken.text(error).hasSuffix("closing with \(code)"))
        #expect(broken.records.contains { $0.direction == .note && $0.kind == .close && $0.closeCode == UInt16(code) })
        let fine = try #require(contents.first { !$0.records.contains { $0.kind == .error } })
        #expect(fine.records(.c2s, [.text]).map { fine.text($0) } == ["before", "after"])
        await harness.shutdown()
        await server.shutdown()
    }

    @Test(arguments: [("opcode", 1002), ("masked", 1002), ("big", 1009)])
    func badServerFrameClosesThatConnection(mode: String, code: Int) async throws {
        try Peers.requirePython()
        let server = try ChildProcess(ChildProcess.python, [Peers.proxy("raw_peer.py"), "server", mode])
        let harness = try await ProxyHarness(
            upstreamPort: try await server.port(), name: "bad-server-\(mode)", maxMessageBytes: 65536)
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await client.send(text: "hello")
        let event = try await client.receive(timeout: .seconds(20))
        #expect(event == .closed(code: UInt16(code)))
        let serverRun = await server.wait()
        #expect(serverRun.output.contains("close \(code)"), "\(serverRun.output) \(serverRun.standardError)")
        let tapes = await harness.waitForTapes(1)
        let contents = try TapeContents(path: try #require(tapes.first).path)
        let error = try #require(contents.records.first { $0.kind == .error })
        #expect(contents.text(error).hasPrefix("server sent") && contents.text(error).hasSuffix("closing with \(code)"))
        await harness.shutdown()
    }
}
