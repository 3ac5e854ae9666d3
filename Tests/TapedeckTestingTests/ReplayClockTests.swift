import Foundation
import TapedeckReplay
import TapedeckSocket
import TapedeckTape
import TapedeckTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A main-actor app that reconnects after a drop with exponential backoff (1, 2, 4, 8 s) on the
/// clock it is given, as the app guide's WebSocket service does, and notes when it connects.
@MainActor
final class BackoffApp {
    let makeTask: (URL) -> any WebSocketTasking
    let clock: any Clock<Duration>
    let now: () -> Date
    private(set) var connects: [Date] = []
    private(set) var received: [String] = []
    private var failures = 0

    init(makeTask: @escaping (URL) -> any WebSocketTasking, clock: any Clock<Duration>, now: @escaping () -> Date) {
        self.makeTask = makeTask; self.clock = clock; self.now = now
    }

    func connect() {
        connects.append(now())
        let task = makeTask(URL(string: "ws://app.invalid/")!)
        task.resume()
        Task { await read(task) }
    }

    private func read(_ task: any WebSocketTasking) async {
        while true {
            do {
                if case .string(let text) = try await task.receive() { received.append(text) }
                failures = 0
            } catch {
                let delay = Duration.seconds(1 << min(failures, 3))
                failures += 1
                do { try await clock.sleep(for: delay) } catch { return }
                connect()
                return
            }
        }
    }
}

@MainActor
final class BackoffAdapter: AppSocketAdapter {
    let app: BackoffApp
    let clock: ReplayClock
    init(network: ReplayNetwork) {
        clock = network.clock
        app = BackoffApp(makeTask: network.webSocketTask(with:), clock: network.clock) { network.now }
    }
    /// The launch's connection; every later one is the app's own reconnect, on its clock.
    func connect() { if app.connects.isEmpty { app.connect() } }
    func performUserAction(for message: SocketMessage) -> UserAction { .automatic }
    func snapshot() -> [String: [String]] { ["received": app.received] }
    func checkInvariants() -> [InvariantViolation] { [] }
}

@MainActor
@Suite struct ReplayClockTests {
    /// A drop at 1 s, three refused attempts (2, 4, 8 s) and a reconnect at 16 s.
    static func backoffTape() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("backoff-\(UUID().uuidString).tape").path
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-03-01T12:00:00.000Z", tool: "tests"))
        func record(_ seconds: Double, _ connection: UInt32, _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, _ text: String = "")
            throws
        {
            try writer.append(
                TapeRecord(
                    time: UInt64(seconds * 1e9), connection: connection, direction: direction, kind: kind, payload: Array(text.utf8)))
        }
        try record(0.001, 1, .c2s, .open)
        try record(0.5, 1, .s2c, .text, #"{"type":"hello","message":{}}"#)
        try record(1, 1, .note, .error, "client connection ended without a close frame")
        for (seconds, connection) in [(2.0, UInt32(2)), (4, 3), (8, 4)] {
            try record(seconds, connection, .note, .error, "upgrade failed: upstream answered 503 Service Unavailable")
        }
        try record(16, 5, .c2s, .open)
        try record(16.5, 5, .s2c, .text, #"{"type":"welcomeBack","message":{}}"#)
        try writer.close()
        return path
    }

    @Test func aBackoffOfOneTwoFourEightSecondsCostsNoWallTimeAndLandsOnTheSameInstants() async throws {
        let path = try Self.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var runs: [[String]] = []
        for _ in 0..<10 {
            var app: BackoffApp?
            let started = ContinuousClock.now
            let report = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) { network in
                let adapter = BackoffAdapter(network: network)
                app = adapter.app
                return adapter
            }.check(tape: path)
            // Not a speed limit: real sleeps would take the backoff's 15 s; the replay's clock
            // takes none of it (about 5 ms a run here, printed below).
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(15), "\(elapsed)")
            print("backoff replay: \(elapsed)")
            #expect(report.cases.first { $0.name == CheckCase.sends }?.passed == true, "\(report.failures)")
            #expect(app?.received == [#"{"type":"hello","message":{}}"#, #"{"type":"welcomeBack","message":{}}"#])
            runs.append(app?.connects.map { ISO8601DateFormatter.withMilliseconds.string(from: $0) } ?? [])
        }
        // The tape's recorded start plus the virtual time of each connect: the first at the open
        // record, then 1, 2, 4 and 8 s after each failure.
        #expect(
            runs[0] == [
                "2026-03-01T12:00:00.001Z", "2026-03-01T12:00:02.000Z", "2026-03-01T12:00:04.000Z", "2026-03-01T12:00:08.000Z",
                "2026-03-01T12:00:16.000Z",
            ])
        #expect(Set(runs.map { $0.joined(separator: " ") }).count == 1)
    }

    @Test func aSleepPastTheTapesEndIsCancelledWhenTheReplayEnds() async throws {
        let clock = ReplayClock()
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(5))) }
        while clock.sleepers == 0 { await Task.yield() }
        clock.advance(by: .seconds(4))
        #expect(clock.sleepers == 1)
        #expect(clock.now.description == "t=4.000s")
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleepers == 0)

        let cancelled = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
        while clock.sleepers == 0 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.sleepers == 0)
    }
}

extension ISO8601DateFormatter {
    static var withMilliseconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
