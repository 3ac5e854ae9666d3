import Foundation
import TapedeckSocket
import TapedeckTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A main-actor app that reconnects after a drop with exponential backoff (1, 2, 4, 8 s) on the
/// clock it is given, as the app guide's WebSocket service does; it asks for the player
/// (`getPlayer`) whenever the server greets it, its resync. It notes when it connects.
@MainActor
final class BackoffApp {
    /// Bugs a networking refactor brings, one at a time.
    enum Regression {
        case reconnectsAtOnce, neverReconnects, sendsOnTheDeadSocket, forgetsToResync
        case keepsReadingTheDeadSocket, showsConnectedAfterADrop
        /// Takes each greeting twice: shows it twice and resyncs twice.
        case handlesTheGreetingTwice
        /// Waits four times its backoff: later than the recording reconnected.
        case reconnectsLate
    }

    let makeTask: (URL) -> any WebSocketTasking
    let clock: any Clock<Duration>
    let now: () -> Date
    let regression: Regression?
    private(set) var connects: [Date] = []
    private(set) var received: [String] = []
    /// What the app shows: connected since the server's first message, until a drop.
    private(set) var isConnected = false
    private var failures = 0

    init(
        makeTask: @escaping (URL) -> any WebSocketTasking, clock: any Clock<Duration>, now: @escaping () -> Date,
        regression: Regression? = nil
    ) {
        self.makeTask = makeTask
        self.clock = clock
        self.now = now
        self.regression = regression
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
                guard case .string(let text) = try await task.receive() else { continue }
                received.append(text)
                if regression == .handlesTheGreetingTwice, text.contains(#""hello""#) {
                    received.append(text)
                    try await task.send(.string(#"{"type":"getPlayer","message":{}}"#))
                }
                isConnected = true
                failures = 0
                let greeted = text.contains(#""hello""#) || (text.contains(#""welcomeBack""#) && regression != .forgetsToResync)
                if greeted { try await task.send(.string(#"{"type":"getPlayer","message":{}}"#)) }
            } catch {
                if regression != .showsConnectedAfterADrop { isConnected = false }
                if regression == .keepsReadingTheDeadSocket { continue }
                await reconnect(after: task)
                return
            }
        }
    }

    private func reconnect(after task: any WebSocketTasking) async {
        if regression == .sendsOnTheDeadSocket { try? await task.send(.string(#"{"type":"ping","message":{}}"#)) }
        if regression == .neverReconnects { return }
        let delay = Duration.seconds(1 << min(failures, 3)) * (regression == .reconnectsLate ? 4 : 1)
        failures += 1
        if regression != .reconnectsAtOnce {
            do { try await clock.sleep(for: delay) } catch { return }
        }
        connect()
    }
}

@MainActor
final class BackoffAdapter: AppSocketAdapter {
    let app: BackoffApp
    init(network: ReplayNetwork, regression: BackoffApp.Regression? = nil) {
        app = BackoffApp(
            makeTask: network.webSocketTask(with:), clock: network.clock, now: { network.now }, regression: regression)
    }
    /// The launch's connection; every later one is the app's own reconnect, on its clock.
    func connect() { if app.connects.isEmpty { app.connect() } }
    func performUserAction(for message: SocketMessage) -> UserAction { .automatic }
    func snapshot() -> [String: [String]] { ["received": app.received] }
    func checkInvariants() -> [InvariantViolation] { [] }
    func isConnected() -> Bool? { app.isConnected }
}
