import Foundation
import Observation
import TapedeckRecorder

/// Where the service's messages go: a `URLSessionWebSocketTask` in the app, a recorder in tests.
@MainActor
public protocol WebSocketTransport: AnyObject {
    func send(text: String)
}

public enum WebSocketError: Error, Equatable, Sendable {
    case connectionFailed(String)
    case messageParsingFailed
    case serverError(String)
    case rateLimited
}

/// Networking only (phase 3): connection state, sending, and routing each frame by its `type` to
/// the handlers the view models registered. It reads nothing but the envelope's `type`; each
/// handler decodes the payload it knows.
///
/// The socket side (`didOpen()`, `receive(text:)`, `didClose(code:reason:)`, `didFail(_:)`) may be
/// called from any thread, as URLSession's callbacks are: the envelope is read there and the
/// handlers run on the main actor, one `Task` hop later.
@MainActor
@Observable
public final class WebSocketService {
    public typealias Handler = @MainActor (Data) throws -> Void

    public private(set) var isConnected = false
    public var currentError: WebSocketError?

    @ObservationIgnored private let transport: any WebSocketTransport
    @ObservationIgnored private var handlers: [String: [Handler]] = [:]
    /// The flight recorder of debug and beta builds (docs/REPRO.md): it sees every frame both ways.
    @ObservationIgnored private nonisolated let recorder: FlightRecorder?

    public init(transport: any WebSocketTransport, recorder: FlightRecorder? = nil) {
        self.transport = transport
        self.recorder = recorder
    }

    /// Registers a handler for one message type; it gets the whole frame.
    public func on(_ type: String, _ handler: @escaping Handler) {
        handlers[type, default: []].append(handler)
    }

    public func send<Message: Codable & Sendable>(_ type: String, _ message: Message) {
        guard let text = try? MessageCoding.encode(type: type, message: message) else { return }
        recorder?.sent(text: text)
        transport.send(text: text)
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
