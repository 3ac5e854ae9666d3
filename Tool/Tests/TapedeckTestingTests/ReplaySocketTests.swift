import Foundation
import TapedeckReplay
import TapedeckSocket
import TapedeckTape
import Testing

@testable import TapedeckTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A main-actor app on the seam: reads its socket in an `async` loop, parses each message with
/// JSONSerialization (a rejected one is an error it keeps), and answers every `ping` message.
@MainActor
final class EchoApp {
    let makeTask: (URL) -> any WebSocketTasking
    private(set) var received: [String] = []
    private(set) var parseErrors = 0
    private(set) var closed: (code: Int, reason: String)?
    private(set) var failure: String?

    init(makeTask: @escaping (URL) -> any WebSocketTasking) { self.makeTask = makeTask }

    func connect() {
        let task = makeTask(URL(string: "ws://app.invalid/")!)
        task.resume()
        Task { await read(task) }
    }

    private func read(_ task: any WebSocketTasking) async {
        while true {
            do {
                guard case .string(let text) = try await task.receive() else { continue }
                received.append(text)
                guard (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil else {
                    parseErrors += 1
                    continue
                }
                if text.contains(#""ping""#) { try await task.send(.string(#"{"type":"pong","message":{}}"#)) }
            } catch {
                if task.closeCode != .invalid {
                    closed = (task.closeCode.rawValue, String(decoding: task.closeReason ?? Data(), as: UTF8.self))
                } else {
                    failure = "\(error)"
                }
                return
            }
        }
    }
}

@MainActor
final class EchoAdapter: AppSocketAdapter {
    let app: EchoApp
    init(network: ReplayNetwork) { app = EchoApp(makeTask: network.webSocketTask(with:)) }
    func connect() { app.connect() }
    func performUserAction(for message: SocketMessage) -> UserAction { .automatic }
    func snapshot() -> [String: Int] { ["received": app.received.count] }
    func checkInvariants() -> [InvariantViolation] {
        app.parseErrors == 0 ? [] : [InvariantViolation(name: "app.parses", message: "the app's parser rejected a message")]
    }
}

@MainActor
@Suite struct ReplaySocketTests {
    @Test func aUnitTestServesMessagesByHandAndReadsWhatTheAppSent() async throws {
        let socket = ReplaySocket()
        await #expect(throws: ReplaySocketError.notResumed) { try await socket.send(.string("early")) }
        let app = EchoApp { _ in socket }
        app.connect()
        await socket.serve(.string(#"{"type":"ping","message":{}}"#))
        #expect(app.received == [#"{"type":"ping","message":{}}"#])
        #expect(socket.sentMessages.map(\.text) == [#"{"type":"pong","message":{}}"#])
        await socket.serveClose(code: 1008, reason: "kicked")
        #expect(app.closed?.code == 1008 && app.closed?.reason == "kicked")
        #expect(socket.closeCode == .policyViolation)
        #expect(socket.closeReason == Data("kicked".utf8))
        await #expect(throws: POSIXError(.ENOTCONN)) { try await socket.receive() }
    }

    @Test func theCompletionHandlerFormsAndAFailure() async throws {
        let socket = ReplaySocket()
        socket.resume()
        let got = LockedBox<[Result<URLSessionWebSocketTask.Message, any Error>]>([])
        socket.receive { result in got.update { $0.append(result) } }
        socket.deliver(.string("one"))
        #expect(got.value.count == 1)
        socket.send(.string("two")) { error in #expect(error == nil) }
        socket.sendPing { error in #expect(error == nil) }
        socket.deliverFailure("connection reset")
        socket.receive { result in got.update { $0.append(result) } }
        #expect(got.value.count == 2)
        if case .failure(let error as URLError) = got.value.last {
            #expect(error.code == .networkConnectionLost)
        } else {
            Issue.record("expected a lost connection, got \(got.value)")
        }
        #expect(socket.closeCode == .invalid)
        #expect(socket.sentMessages.map(\.text) == ["two"])
    }

    @Test func cancellingFailsThePendingReceiveAndLaterSends() async throws {
        let socket = ReplaySocket()
        socket.resume()
        let got = LockedBox<(any Error)?>(nil)
        socket.receive { result in if case .failure(let error) = result { got.update { $0 = error } } }
        socket.cancel(with: .goingAway, reason: nil)
        #expect(got.value as? ReplaySocketError == .cancelled)
        #expect(socket.closeCode == .goingAway)
        await #expect(throws: ReplaySocketError.cancelled) { try await socket.send(.string("late")) }
    }

    /// A record the app's own parser rejects: its invariant names the record.
    static func tape(_ texts: [String], connections: Int = 1) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("socket-\(UUID().uuidString).tape").path
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests"))
        var time: UInt64 = 0
        for connection in 1...connections {
            time += 1_000_000
            try writer.append(TapeRecord(time: time, connection: UInt32(connection), direction: .c2s, kind: .open, payload: []))
            for text in texts {
                time += 1_000_000
                let direction: TapeRecord.Direction = text.contains("pong") ? .c2s : .s2c
                try writer.append(
                    TapeRecord(
                        time: time, connection: UInt32(connection), direction: direction, kind: .text, payload: Array(text.utf8)))
            }
        }
        try writer.close()
        return path
    }

    @Test func aMessageTheAppsParserRejectsIsNamedByItsRecord() async throws {
        let path = try Self.tape([#"{"type":"ping","message":{}}"#, #"{"type":"pong","message":{}}"#, #"{"type":"u","message":"#])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) { EchoAdapter(network: $0) }.check(
            tape: path)
        let invariants = try #require(report.cases.first { $0.name == CheckCase.invariants })
        #expect(!invariants.passed)
        #expect(invariants.message.contains("record 3"), "\(invariants.message)")
        #expect(invariants.message.contains("app.parses"), "\(invariants.message)")
        #expect(report.cases.first { $0.name == CheckCase.sends }?.passed == true)
    }

    @Test func aTaskBeyondTheRecordedConnectionsIsAFindingAndFailsAtOnce() async throws {
        let path = try Self.tape([#"{"type":"ping","message":{}}"#, #"{"type":"pong","message":{}}"#])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let network = ReplayNetwork()
        let reader = try TapeReader(path: path)
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }
        network.begin(tape: path, records: records)
        let first = network.webSocketTask(with: URL(string: "ws://a.invalid/")!)
        let second = network.webSocketTask(with: URL(string: "ws://a.invalid/")!)
        #expect(first.connection == 1)
        #expect(second.connection == 0)
        second.resume()
        await #expect(throws: ReplaySocketError.notRecorded) { try await second.receive() }
        #expect(network.findings.map(\.finding.summary) == ["connection 2: the tape recorded 1 connection; this one was closed"])
    }
}

extension URLSessionWebSocketTask.Message {
    /// The text of a text message; nil for data.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// A value the socket's handlers write from whatever thread they run on. `@unchecked Sendable`:
/// `stored` is touched only under `lock`.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
