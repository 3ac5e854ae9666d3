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

    /// Sends one message to the server.
    ///
    /// - Parameter message: A text or binary message; the frame it goes out in.
    /// - Throws: The connection's error when it is not open (not resumed yet, closed or failed).
    func send(_ message: URLSessionWebSocketTask.Message) async throws

    /// Sends one message to the server and reports the outcome to a handler.
    ///
    /// - Parameters:
    ///   - message: A text or binary message; the frame it goes out in.
    ///   - completionHandler: Called once, with nil when the message was sent or with the error
    ///     that stopped it.
    func send(_ message: URLSessionWebSocketTask.Message, completionHandler: @escaping @Sendable ((any Error)?) -> Void)

    /// The next message from the server; throws once the connection has closed or failed.
    ///
    /// - Returns: The next message in the order the server sent them.
    /// - Throws: The connection's error once it has closed or failed, for this and every later call.
    func receive() async throws -> URLSessionWebSocketTask.Message

    /// Asks for the next message from the server and hands it, or the connection's error, to a handler.
    ///
    /// - Parameter completionHandler: Called once, with the next message or with the error of a
    ///   connection that has closed or failed.
    func receive(completionHandler: @escaping @Sendable (Result<URLSessionWebSocketTask.Message, any Error>) -> Void)

    /// Sends a ping frame.
    ///
    /// - Parameter pongReceiveHandler: Called once: with nil when the pong came back, or with the
    ///   error of a connection that could not carry it.
    func sendPing(pongReceiveHandler: @escaping @Sendable ((any Error)?) -> Void)

    /// Closes the connection with a close frame.
    ///
    /// - Parameters:
    ///   - closeCode: The close frame's status code (`.normalClosure` for an ordinary goodbye).
    ///   - reason: The close frame's reason bytes, UTF-8 text by convention; nil for none.
    func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)

    /// The close code of a closed connection (`.invalid` while open).
    var closeCode: URLSessionWebSocketTask.CloseCode { get }

    /// The reason bytes of the close frame that ended the connection; nil while open or when it
    /// carried none.
    var closeReason: Data? { get }
}

extension URLSessionWebSocketTask: WebSocketTasking {}
