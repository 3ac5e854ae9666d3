import Foundation
import TapedeckSocket
import TapedeckTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A main-actor app that takes the faults people meet as the app guide asks, on the clock it is
/// given: it reconnects after 1, 2, 4, 8, 8… s, gives up after 5 attempts in a row, pings every
/// 5 s and leaves a connection whose pong has not come within 2 s, leaves a connection the server
/// has said nothing on for 10 s, and stays offline after the server closes with its own code 4001
/// ("signed in elsewhere").
@MainActor
final class FaultApp {
    /// One way to mishandle a fault, at a time.
    enum Regression: Sendable {
        case ignoresStalls, retriesForever, reconnectsAfterItsOwnCode, constantBackoff, reconnectsAtOnce, neverReconnects
        /// Leaves a connection the server has been silent on for 1 s, not the 10 s it declares.
        case impatient
    }

    /// What the app declares (`FaultCheck`): its backoff's window and ceiling (8 s), its maximum,
    /// its ping (5 s) plus pong timeout (2 s) as the stall timeout, and its own code.
    static let check = FaultCheck(
        reconnect: .seconds(1) ... .seconds(10), backoffCeiling: .seconds(8), maximumAttempts: 5, stallTimeout: .seconds(7),
        staysOfflineAfter: [4001], answerTimeout: .seconds(10))

    let makeTask: (URL) -> any WebSocketTasking
    let clock: any Clock<Duration>
    let regression: Regression?
    private(set) var connects = 0
    private(set) var received: [String] = []
    private var failures = 0
    private var current: (any WebSocketTasking)?
    /// Messages heard so far: the idle watch compares it across its wait.
    private var heard = 0

    init(makeTask: @escaping (URL) -> any WebSocketTasking, clock: any Clock<Duration>, regression: Regression? = nil) {
        self.makeTask = makeTask
        self.clock = clock
        self.regression = regression
    }

    func connect() {
        connects += 1
        let task = makeTask(URL(string: "ws://app.invalid/")!)
        current = task
        task.resume()
        Task { await read(task) }
        if regression != .ignoresStalls { Task { await ping(task) } }
        Task { await watchIdle(task) }
    }

    /// A connection the server has said nothing on for 10 s (1 s when impatient) is left.
    private func watchIdle(_ task: any WebSocketTasking) async {
        let timeout: Duration = regression == .impatient ? .seconds(1) : .seconds(10)
        while current === task {
            let before = heard
            do { try await clock.sleep(for: timeout) } catch { return }
            if heard == before, current === task {
                task.cancel(with: .goingAway, reason: nil)
                return
            }
        }
    }

    private func read(_ task: any WebSocketTasking) async {
        while true {
            do {
                guard case .string(let text) = try await task.receive() else { continue }
                received.append(text)
                heard += 1
                failures = 0
            } catch {
                // Linux's `CloseCode` has no case for 4001 (it reads `.invalid`): the server's
                // reason carries the number.
                let reason = String(decoding: task.closeReason ?? Data(), as: UTF8.self)
                let code = task.closeCode == .invalid ? Int(reason) ?? 0 : task.closeCode.rawValue
                if code == 4001, regression != .reconnectsAfterItsOwnCode { return }
                await reconnect(after: task)
                return
            }
        }
    }

    /// Every 5 s a ping; no pong within 2 s: the connection is silent, and the app leaves it.
    private func ping(_ task: any WebSocketTasking) async {
        while current === task {
            do { try await clock.sleep(for: .seconds(5)) } catch { return }
            guard current === task else { return }
            let pong = Flag()
            task.sendPing { error in if error == nil { pong.set() } }
            do { try await clock.sleep(for: .seconds(2)) } catch { return }
            if !pong.isSet, current === task {
                task.cancel(with: .goingAway, reason: nil)
                return
            }
        }
    }

    private func reconnect(after task: any WebSocketTasking) async {
        guard current === task, regression != .neverReconnects else { return }
        current = nil
        failures += 1
        if failures > 5, regression != .retriesForever { return }
        let delay: Duration =
            switch regression {
            case .reconnectsAtOnce: .zero
            case .constantBackoff: .seconds(1)
            default: .seconds(1 << min(failures - 1, 3))
            }
        if delay > .zero {
            do { try await clock.sleep(for: delay) } catch { return }
        }
        connect()
    }
}

/// A flag set from any thread (a ping's handler, a test) and read on another.
/// `@unchecked Sendable`: `value` is touched only under `lock`.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

@MainActor
final class FaultAdapter: AppSocketAdapter {
    let app: FaultApp
    init(network: ReplayNetwork, regression: FaultApp.Regression? = nil) {
        app = FaultApp(makeTask: network.webSocketTask(with:), clock: network.clock, regression: regression)
    }
    /// The launch's connection; every later one is the app's own reconnect, on its clock.
    func connect() { if app.connects == 0 { app.connect() } }
    func performUserAction(for message: SocketMessage) -> UserAction { .automatic }
    func snapshot() -> [String: [String]] { ["received": app.received] }
}
