import Foundation
import Observation
import TapedeckRecorder
import TapedeckSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum WebSocketError: Error, Equatable, Sendable {
    case connectionFailed(String)
    case messageParsingFailed
    case serverError(String)
    case rateLimited
}

/// Networking only (phase 3): the socket (made by `makeTask`, `URLSession.shared.webSocketTask` in
/// the app, a replay socket in tests), connection state, sending, and routing each frame by its
/// `type` to the handlers the view models registered. It reads nothing but the envelope's `type`;
/// each handler decodes the payload it knows.
///
/// The socket side (`didOpen()`, `receive(text:)`, `didClose(code:reason:)`, `didFail(_:)`) may be
/// called from any thread: the envelope is read there and the handlers run on the main actor, one
/// `Task` hop later.
@MainActor
@Observable
public final class WebSocketService {
    public typealias Handler = @MainActor (Data) throws -> Void

    public private(set) var isConnected = false
    public var currentError: WebSocketError?

    @ObservationIgnored private let url: URL
    @ObservationIgnored private let makeTask: (URL) -> any WebSocketTasking
    @ObservationIgnored private var task: (any WebSocketTasking)?
    /// The clock the reconnect's backoff waits on (`ContinuousClock` in the app, the replay's in tests).
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let regressions: Regressions
    /// The reconnect waiting for its backoff, and how many attempts failed in a row.
    @ObservationIgnored private var reconnect: Task<Void, Never>?
    @ObservationIgnored private var failures = 0
    /// The last message sent (what the regression retries).
    @ObservationIgnored private var lastSent: String?
    /// Messages sent while disconnected (a claim tapped offline), sent in order on the next
    /// connection as soon as it opens.
    @ObservationIgnored private var outbox: [String] = []
    /// The socket that dropped last (what the offline regression still sends on).
    @ObservationIgnored private var dropped: (any WebSocketTasking)?
    @ObservationIgnored private var handlers: [String: [Handler]] = [:]
    /// The flight recorder of debug and beta builds (docs/REPRO.md): it sees every frame both ways.
    @ObservationIgnored private nonisolated let recorder: FlightRecorder?

    public init(
        url: URL, makeTask: @escaping (URL) -> any WebSocketTasking, clock: any Clock<Duration> = ContinuousClock(),
        regressions: Regressions = [], recorder: FlightRecorder? = nil
    ) {
        self.url = url
        self.makeTask = makeTask
        self.clock = clock
        self.regressions = regressions
        self.recorder = recorder
    }

    /// The app guide's automatic reconnection: 1 s, doubling to at most 30 s, up to 1000 attempts
    /// in a row (a message from the server starts the count again).
    public static let maximumAttempts = 1000

    /// Opens the socket and reads it until it closes. A live connection stays as it is; a
    /// reconnect waiting for its backoff is superseded.
    public func connect() {
        reconnect?.cancel()
        reconnect = nil
        if isConnected, task != nil { return }
        let task = makeTask(url)
        self.task = task
        task.resume()
        didOpen()
        let queued = outbox
        outbox = []
        for text in queued { send(text, on: task) }
        Task { await self.read(task) }
        Task { await self.keepAlive(task) }
    }

    /// A ping every 10 s; a connection whose pong has not come 5 s later is silent (a half-open
    /// TCP connection, which never fails by itself): the service leaves it, and reconnects.
    public static let pingInterval: Duration = .seconds(10)
    public static let pongTimeout: Duration = .seconds(5)

    private func keepAlive(_ task: any WebSocketTasking) async {
        while self.task === task {
            do { try await clock.sleep(for: Self.pingInterval) } catch { return }
            guard self.task === task else { return }
            let pong = Pong()
            task.sendPing { error in if error == nil { pong.arrived() } }
            do { try await clock.sleep(for: Self.pongTimeout) } catch { return }
            if !pong.hasArrived, self.task === task {
                // The pending receive fails with the close: the read loop reconnects.
                task.cancel(with: .goingAway, reason: nil)
                return
            }
        }
    }

    private func read(_ task: any WebSocketTasking) async {
        while true {
            do {
                switch try await task.receive() {
                case .string(let text): receive(text: text)
                case .data: break // the server speaks JSON text only
                @unknown default: break
                }
                failures = 0
            } catch {
                if task.closeCode != .invalid {
                    didClose(code: task.closeCode.rawValue, reason: String(decoding: task.closeReason ?? Data(), as: UTF8.self))
                } else {
                    didFail("\(error)")
                }
                if self.task === task {
                    self.task = nil
                    dropped = task
                }
                if regressions.contains(.retriesOnTheDeadSocket), let lastSent {
                    try? await task.send(.string(lastSent))
                }
                scheduleReconnect()
                return
            }
        }
    }

    /// Connects again after the backoff on the injected clock.
    private func scheduleReconnect() {
        guard failures < Self.maximumAttempts else { return }
        let delay: Duration = regressions.contains(.reconnectsWithoutBackoff) ? .zero : .seconds(1 << min(failures, 5)).clamped
        failures += 1
        reconnect = Task { [weak self, clock] in
            if delay > .zero {
                do { try await clock.sleep(for: delay) } catch { return }
            }
            self?.reconnect = nil
            self?.connect()
        }
    }

    /// Registers a handler for one message type; it gets the whole frame.
    public func on(_ type: String, _ handler: @escaping Handler) {
        handlers[type, default: []].append(handler)
    }

    public func send<Message: Codable & Sendable>(_ type: String, _ message: Message) {
        guard let text = try? MessageCoding.encode(type: type, message: message) else { return }
        recorder?.sent(text: text)
        lastSent = text
        guard let task else {
            if regressions.contains(.tapWhileOfflineSentOnDeadSocket), let dropped { return send(text, on: dropped) }
            if !regressions.contains(.tapWhileOfflineLost) { outbox.append(text) }
            return
        }
        send(text, on: task)
    }

    private func send(_ text: String, on task: any WebSocketTasking) {
        task.send(.string(text)) { [weak self] error in
            guard let error else { return }
            Task { @MainActor in self?.currentError = .connectionFailed("\(error)") }
        }
    }

    // MARK: Socket callbacks

    public nonisolated func didOpen() {
        recorder?.opened()
        Task { @MainActor in
            self.isConnected = true
            self.currentError = nil
        }
    }

    public nonisolated func didClose(code: Int, reason: String) {
        recorder?.closed(code: UInt16(clamping: code), reason: reason, byServer: true)
        Task { @MainActor in self.isConnected = false }
    }

    public nonisolated func didFail(_ reason: String) {
        recorder?.failed(reason)
        Task { @MainActor in
            self.isConnected = false
            self.currentError = .connectionFailed(reason)
        }
    }

    /// One text frame from the server.
    public nonisolated func receive(text: String) {
        recorder?.received(text: text)
        let data = Data(text.utf8)
        let type = try? MessageCoding.type(of: data)
        Task { @MainActor in
            guard let type else {
                self.currentError = .messageParsingFailed
                return
            }
            self.dispatch(type, data)
        }
    }

    private func dispatch(_ type: String, _ data: Data) {
        if type == "error", let error = try? MessageCoding.payload(ServerError.self, from: data) {
            switch error.kind {
            case "connectionFailed": currentError = .connectionFailed(error.message)
            case "messageParsingFailed": currentError = .messageParsingFailed
            case "rateLimited": currentError = .rateLimited
            default: currentError = .serverError(error.message)
            }
        }
        for handler in handlers[type] ?? [] {
            do {
                try handler(data)
            } catch {
                currentError = .messageParsingFailed
            }
        }
    }
}

extension Duration {
    /// At most 30 s: the backoff's ceiling.
    fileprivate var clamped: Duration { min(self, .seconds(30)) }
}

/// Whether a ping's pong came: set from the ping's handler (any thread), read on the main actor.
/// `@unchecked Sendable`: its one Bool is read and written only under `lock`.
final class Pong: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func arrived() { lock.withLock { value = true } }
    var hasArrived: Bool { lock.withLock { value } }
}
