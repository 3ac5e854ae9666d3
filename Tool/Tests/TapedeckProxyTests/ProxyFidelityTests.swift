import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// Python's `websockets` client and server (permessage-deflate on, their default) talk through
/// the proxy: every message must arrive intact both ways and the tape must hold exactly what each
/// side sent, in order.
@Suite(.tags(.integration), .ownThread) struct ProxyFidelityTests {
    struct Entry: Decodable, Equatable {
        var kind: String
        var text: String?
        var base64: String?
        var fragments: Int?

        var bytes: [UInt8] { text.map { Array($0.utf8) } ?? Array(Data(base64Encoded: base64 ?? "") ?? Data()) }
    }

    struct Close: Decodable, Equatable {
        var code: Int?
        var reason: String?
    }

    struct ClientLog: Decodable {
        var sent: [Entry]
        var received: [Entry]
        var close: Close?
        var subprotocol: String?
        var extensions: [String]
    }

    struct ServerLog: Decodable {
        var received: [Entry]
        var sent: [Entry]
        var close: Close?
        var extensions: [String]
        var path: String?
        var headers: [String: String]
    }

    @Test func pythonPeersTalkThroughTheProxyAndTheTapeHoldsWhatEachSent() async throws {
        try Peers.requirePython()
        let serverLogPath = try TestFolder("tapedeck-proxy-fidelity-log").path + "/server.json"
        let server = try ChildProcess(ChildProcess.python, [Peers.proxy("fidelity_server.py"), serverLogPath])
        let harness = try await ProxyHarness(upstreamPort: try await server.port(), name: "fidelity")
        let client = try ChildProcess(
            ChildProcess.python, [Peers.proxy("fidelity_client.py"), "\(harness.proxy.url)/game/ws?v=3"])
        let clientRun = await client.wait()
        #expect(clientRun.status == 0, "client failed: \(clientRun.standardError)")
        let serverRun = await server.wait(seconds: 180)
        #expect(serverRun.status == 0, "server failed: \(serverRun.standardError)")
        let clientLog = try JSONDecoder().decode(ClientLog.self, from: Data((clientRun.output.last ?? "").utf8))
        let serverLog = try JSONDecoder().decode(ServerLog.self, from: Data(contentsOf: URL(fileURLWithPath: serverLogPath)))
        let tapes = await harness.waitForTapes(1)

        // Delivered intact both ways; no compression negotiated through the proxy.
        let clientData = clientLog.sent.filter { $0.kind == "text" || $0.kind == "binary" }
        #expect(serverLog.received.map(\.bytes) == clientData.map(\.bytes))
        #expect(clientLog.received.map(\.bytes) == serverLog.sent.filter { $0.kind != "ping" }.map(\.bytes))
        #expect(clientLog.extensions.isEmpty && serverLog.extensions.isEmpty)
        #expect(clientLog.subprotocol == "baolife.v1")
        #expect(serverLog.path == "/game/ws?v=3")
        #expect(serverLog.headers["x-app-version"] == "7.3.1")
        #expect(serverLog.headers["sec-websocket-extensions"] == nil)
        #expect(serverLog.close == Close(code: 4001, reason: "bye now"))
        #expect(clientLog.close == Close(code: 4001, reason: "bye now"))

        // The tape: what each side sent, in order, fragments noted, pings and pongs, closes.
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0].path)
        #expect(tape.end == .complete)
        #expect(tape.metadata.requestTarget == "/game/ws?v=3")
        #expect(tape.metadata.responseStatus == 101)
        #expect(tape.metadata.labels["appVersion"] == "7.3.1")
        #expect(tape.metadata.requestHeaders.contains { $0.name.lowercased() == "sec-websocket-extensions" })
        #expect(
            tape.metadata.responseHeaders.contains {
                $0.name.lowercased() == "sec-websocket-protocol" && $0.value == "baolife.v1"
            })
        let c2s = tape.records(.c2s, [.text, .binary, .ping])
        #expect(c2s.map { $0.kind.name } == clientLog.sent.map(\.kind))
        #expect(c2s.map(\.payload) == clientLog.sent.map(\.bytes))
        #expect(c2s.map { $0.fragmentCount.map(Int.init) } == clientLog.sent.map(\.fragments))
        let s2c = tape.records(.s2c, [.text, .binary, .ping])
        #expect(s2c.map { $0.kind.name } == serverLog.sent.map(\.kind))
        #expect(s2c.map(\.payload) == serverLog.sent.map(\.bytes))
        #expect(s2c.map { $0.fragmentCount.map(Int.init) } == serverLog.sent.map(\.fragments))
        // Each ping answered by the other side's pong with the same payload, both recorded.
        #expect(tape.records(.s2c, [.pong]).map(\.payload) == [Array("client-ping".utf8)])
        #expect(tape.records(.c2s, [.pong]).map(\.payload) == [Array("server-ping".utf8)])
        let closes = tape.records.filter { $0.kind == .close }
        #expect(closes.map(\.direction) == [.c2s, .s2c])
        #expect(closes.map(\.closeCode) == [4001, 4001])
        #expect(closes.map { tape.text($0) } == ["bye now", "bye now"])
        // The connection's handshake note, then its open.
        #expect(tape.records.prefix(2).map(\.kind) == [.handshake, .open])
        #expect(!tape.records.contains { $0.kind == .error })

        // The JSON Lines export says the same.
        let exportPath = harness.folder + "-export.jsonl"
        let output = try OutputFile(path: exportPath)
        try TapeExport.jsonLines(from: try TapeReader(path: tapes[0].path), to: output)
        let lines = try String(contentsOfFile: exportPath, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains(#""dir":"c2s","kind":"text","fragments":4,"text":"frag-one frag-two frag-three""#) })
        #expect(lines.contains { $0.contains(#""dir":"c2s","kind":"close","code":4001,"reason":"bye now""#) })
        try? FileManager.default.removeItem(atPath: exportPath)
        await harness.shutdown()
    }
}
