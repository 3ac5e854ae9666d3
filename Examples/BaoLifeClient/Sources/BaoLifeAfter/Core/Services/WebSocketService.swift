import Foundation
import Observation

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

    public init(transport: any WebSocketTransport) {
        self.transport = transport
    }

    /// Registers a handler for one message type; it gets the whole frame.
    public func on(_ type: String, _ handler: @escaping Handler) {
        handlers[type, default: []].append(handler)
    }

    public func send<Message: Codable & Sendable>(_ type: String, _ message: Message) {
        guard let text = try? MessageCoding.encode(type: type, message: message) else { return }
        transport.send(text: text)
    }

    // MARK: Socket callbacks

    public nonisolated func didOpen() {
        Task { @MainActor in
            self.isConnected = true
            self.currentError = nil
        }
    }

    public nonisolated func didClose(code: Int, reason: String) {
        Task { @MainActor in self.isConnected = false }
    }

    public nonisolated func didFail(_ reason: String) {
        Task { @MainActor in
            self.isConnected = false
            self.currentError = .connectionFailed(reason)
        }
    }

    /// One text frame from the server.
    public nonisolated func receive(text: String) {
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
