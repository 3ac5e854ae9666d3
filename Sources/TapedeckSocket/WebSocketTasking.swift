import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an app's WebSocket service calls on its socket: the part of `URLSessionWebSocketTask` that
/// apps use, as a protocol, so the same service code runs on a real task in the app and on
/// TapedeckTesting's `ReplaySocket` in its tests.
///
/// `URLSessionWebSocketTask` conforms here (Darwin and Linux's FoundationNetworking), so the app's
/// production code only changes the type it holds:
///
/// ```swift
/// let makeTask: (URL) -> any WebSocketTasking = { URLSession.shared.webSocketTask(with: $0) }
/// ```
///
/// The signatures are exactly `URLSessionWebSocketTask`'s. An app that keeps a protocol of its
/// own with these requirements conforms both types to it in one empty extension each.
public protocol WebSocketTasking: AnyObject, Sendable {
    /// Connects: nothing is received or sent before.
    func resume()
    func send(_ message: URLSessionWebSocketTask.Message) async throws
    func send(_ message: URLSessionWebSocketTask.Message, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// The next message from the server; throws once the connection has closed or failed.
    func receive() async throws -> URLSessionWebSocketTask.Message
    func receive(completionHandler: @escaping @Sendable (Result<URLSessionWebSocketTask.Message, any Error>) -> Void)
    func sendPing(pongReceiveHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// Closes the connection with a close frame.
    func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
    /// The close code of a closed connection (`.invalid` while open).
    var closeCode: URLSessionWebSocketTask.CloseCode { get }
    var closeReason: Data? { get }
}

extension URLSessionWebSocketTask: WebSocketTasking {}
