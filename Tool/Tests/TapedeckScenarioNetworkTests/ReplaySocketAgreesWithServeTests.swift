import Foundation
import TapedeckReplay
import TapedeckScenarioNetwork
import TapedeckServers
import TapedeckSocket
import TapedeckTape
import TapedeckTesting
import TapedeckWebSocket
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's own socket seam, as the refactor plans write them: a protocol of the app's with
/// URLSession's signatures, adopted by URLSessionWebSocketTask (FoundationNetworking here) and by
/// the replay socket in one empty extension each.
protocol GameSocket: AnyObject, Sendable {
    func resume()
    func send(_ message: URLSessionWebSocketTask.Message) async throws
    func receive() async throws -> URLSessionWebSocketTask.Message
    func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
}

extension URLSessionWebSocketTask: GameSocket {}
extension ReplaySocket: GameSocket {}

/// What the client answers to each server message: the one behaviour both runs share.
enum ClientScript {
    static let speed = #"{"type":"speed","message":{"speed":50}}"#
    /// The recorded claim carries milliseconds; this client drops them (a changed message).
    static let claim = #"{"type":"claimEvent","message":{"eventId":"e1","timestamp":"2026-01-01T00:00:02Z"}}"#
    static let answer = #"{"type":"answerQuestion","message":{"questionId":"q1","optionId":"a"}}"#

    /// The messages to send after `received`, and whether to close.
    static func reply(to received: String) -> (sends: [String], close: Bool) {
        if received.contains("playerObject") { return ([speed, claim], false) }
        if received.contains("claimResult") { return ([answer, answer], false) } // the answer twice: a repeat
        if received.contains(#""energy":80"#) { return ([], true) }
        return ([], false)
    }
}

/// A URLSession-style client on the app's seam: reads its socket on the main actor, answers as
/// `ClientScript` says.
@MainActor
final class ScriptedClient {
    let makeSocket: (URL) -> any GameSocket
    private(set) var received = 0

    init(makeSocket: @escaping (URL) -> any GameSocket) { self.makeSocket = makeSocket }

    func connect() {
        let socket = makeSocket(URL(string: "ws://game.invalid/wss/")!)
        socket.resume()
        Task { await read(socket) }
    }

    private func read(_ socket: any GameSocket) async {
        while case .string(let text)? = try? await socket.receive() {
            received += 1
            let reply = ClientScript.reply(to: text)
            for message in reply.sends { try? await socket.send(.string(message)) }
            if reply.close { socket.cancel(with: .normalClosure, reason: nil) }
        }
    }
}

@MainActor
final class ScriptedClientAdapter: AppSocketAdapter {
    let client: ScriptedClient
    init(network: ReplayNetwork) { client = ScriptedClient { network.webSocketTask(with: $0) } }
    func connect() { client.connect() }
    func performUserAction(for message: SocketMessage) -> UserAction { .automatic }
    func snapshot() -> [String: Int] { ["received": client.received] }
}

/// `tapedeck serve --verify` and the replay socket judge the same client messages against the same
/// tape with one implementation (`ClientVerifier`): the same findings, in the same order.
@Suite(.ownThread) struct ReplaySocketAgreesWithServeTests {
    static func writeTape() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("agree-\(UUID().uuidString).tape").path
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests"))
        var time: UInt64 = 0
        func append(_ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, _ text: String = "") throws {
            time += 1_000_000
            try writer.append(TapeRecord(time: time, connection: 1, direction: direction, kind: kind, payload: Array(text.utf8)))
        }
        try append(.c2s, .open)
        try append(.s2c, .text, #"{"type":"playerObject","message":{"person":{"id":"p1","name":"Mei"}}}"#)
        try append(.c2s, .text, ClientScript.speed)
        try append(.s2c, .text, #"{"type":"u","message":{"energy":90}}"#)
        try append(.c2s, .text, #"{"type":"claimEvent","message":{"eventId":"e1","timestamp":"2026-01-01T00:00:02.000Z"}}"#)
        try append(.s2c, .text, #"{"type":"claimResult","message":{"eventId":"e1","accepted":true}}"#)
        try append(.c2s, .text, ClientScript.answer)
        try append(.s2c, .text, #"{"type":"u","message":{"energy":80}}"#)
        try writer.close()
        return path
    }

    @Test func serveAndTheReplaySocketGiveTheSameVerdict() async throws {
        let path = try Self.writeTape()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try TapeReader(path: path)
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }

        // serve --verify, a real client on loopback answering by the script.
        let verification = ServeVerification(records: records, ignoring: .none)
        let server = try await TapeServer.start(
            records: records, host: "127.0.0.1", port: 0, timing: .fast, verification: verification)
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, path: TapeServer.path)
        var closed = false
        while !closed {
            let text = String(decoding: try await client.receiveText(), as: UTF8.self)
            let reply = ClientScript.reply(to: text)
            for message in reply.sends { try await client.send(text: message) }
            closed = reply.close
        }
        await client.close()
        await verification.ended()
        await server.shutdown()
        let served = verification.verdict.findings.map(\.report)

        // The same client code on its own seam, through the replay socket.
        let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("agree-goldens-\(UUID().uuidString)").path
        let report = await AppReplay(goldens: goldens, record: .none) { ScriptedClientAdapter(network: $0) }.check(tape: path)
        let sends = try #require(report.cases.first { $0.name == CheckCase.sends })
        let replayed = sends.message.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("    at ") }.dropFirst()

        #expect(
            served == [
                """
                connection 1, record 4: claimEvent (send #2) was sent with changed fields
                    recorded: −, sent: +
                      eventId: "e1"
                    − timestamp: "2026-01-01T00:00:02.000Z"
                    + timestamp: "2026-01-01T00:00:02Z"
                """,
                "connection 1, send #4: answerQuestion sent again; the recording sent it once (record 6)",
            ])
        #expect(Array(replayed) == served.flatMap { $0.split(separator: "\n").map(String.init) })
    }
}
