import Foundation
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckServers
import TapedeckTape
import TapedeckWebSocket
import TestSupport
import Testing

/// `TapeServer` in-process, with the recorded timing.
@Suite(.ownThread) struct TapeServerTests {
    /// character-creation's recording has answers recorded a second after their trigger (ticks
    /// during `expect no error for 1s`): with `.recorded` timing they come after the earlier ones,
    /// in recorded order, and an unmatched message in between gets nothing.
    @Test func recordedTimingKeepsTheRecordedOrder() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/character-creation.tape"
        let scenario = try ScenarioParser().parse(file: ChildProcess.repositoryRoot + "/Scenarios/character-creation.scenario")
        let reference = try await ReferenceScenarioTarget.start()
        let recorder = RecordingTransport(
            wrapping: reference.transport, path: path,
            metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tapedeck tests"),
            clock: reference.clock)
        let recorded = await ScenarioRunner(
            scenario: scenario, transport: recorder, clock: reference.clock,
            options: .init(serverURL: reference.url)
        ).run()
        await reference.stop()
        try recorder.finish()
        #expect(recorded.passed)

        let (greeting, exchanges) = try TapeServeTests.script(of: path)
        #expect(greeting.isEmpty && exchanges.count == 2)
        let reader = try TapeReader(path: path)
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }
        #expect(records.contains { $0.direction == .s2c && $0.time >= 1_000_000_000 }, "some answer was recorded a second later")

        let reports = ReportLines()
        let server = try await TapeServer.start(
            records: records, host: "127.0.0.1", port: 0, timing: .recorded,
            report: { reports.append($0) })
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, path: TapeServer.path)
        try await client.send(text: #"{"type":"start","message":{}}"#)
        var received: [String] = []
        for exchange in exchanges {
            try await client.send(text: exchange.send)
            for _ in exchange.expect {
                received.append(String(decoding: try await client.receiveText(timeout: .seconds(10)), as: UTF8.self))
            }
        }
        await client.close()
        await server.shutdown()
        #expect(received == exchanges.flatMap(\.expect))
        #expect(
            reports.lines.contains {
                $0.hasPrefix("connection 1: unmatched send #1 start: the tape's next client message is createCharacter")
            },
            "\(reports.lines)")
    }
}

/// Lines reported from the server's threads. `@unchecked Sendable`: `stored` is touched only under
/// `lock`.
final class ReportLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
