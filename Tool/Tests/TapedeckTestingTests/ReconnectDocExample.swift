import Foundation
import TapedeckTesting
import Testing

/// The app gets its clock and its `now` from the replay's network, beside its socket factory.
@MainActor
final class ReconnectingAppAdapter: AppSocketAdapter {
    let app: BackoffApp

    init(network: ReplayNetwork) {
        app = BackoffApp(makeTask: network.webSocketTask(with:), clock: network.clock, now: { network.now })
    }

    /// The launch's connection; every later one is the app's own reconnect, on its clock.
    func connect() { if app.connects.isEmpty { app.connect() } }
    func performUserAction(for message: SocketMessage) -> UserAction { .automatic }
    func snapshot() -> [String: [String]] { ["received": app.received] }
    func isConnected() -> Bool? { app.isConnected }
}

@MainActor
@Test func theAppTakesItsRecordedDropsAndACutAfterEveryRecord() async throws {
    let tape = try ReplayClockTests.backoffTape()
    defer { try? FileManager.default.removeItem(atPath: tape) }
    let replay = AppReplay(goldens: NSTemporaryDirectory(), record: .none) { ReconnectingAppAdapter(network: $0) }
    try await replay.assertCheckpoints(tape: tape)
    let cuts = await replay.checkCuts(tape: tape, CutCheck(at: .every(1), reconnect: .seconds(1) ... .seconds(10)))
    #expect(cuts.passed, "\(cuts)")
}
