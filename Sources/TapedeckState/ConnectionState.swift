import TapedeckProtocol

/// The connection as the app shows it, and the error on screen (`currentError`).
///
/// `currentError` is set by an `error` message from the server and by a failed connection; it
/// clears when a connection opens and when a `playerObject` arrives (the app has a full, good
/// state again). A close keeps it, so the reason for the last failure stays visible.
public struct ConnectionState: Sendable, Equatable {
    /// Where the connection stands: never opened, open, closed with a close frame, or broken.
    public enum Status: String, Sendable, Equatable, CaseIterable {
        case notConnected, connected, closed, failed
    }

    /// Where the connection stands; `notConnected` until the first open.
    public var status: Status = .notConnected
    /// How many times a connection has opened (1 for the first, more after reconnects).
    public var openCount: Int = 0
    /// The last close's code; nil before any close and since the last open.
    public var closeCode: Int?
    /// The last close's reason; nil before any close and since the last open.
    public var closeReason: String?
    /// Why the connection last broke (the failure's message); nil since the last open or when it never broke.
    public var failure: String?
    /// The error on screen: the server's `error` message or a failed connection; nil when none.
    public var currentError: ServerError?

    /// A connection that never opened, with no error.
    public init() {}

    /// Whether the connection is open now.
    public var isConnected: Bool { status == .connected }

    /// The socket opened, closed or failed: the status, the close or failure details and the error change.
    ///
    /// - Parameter event: What happened to the connection.
    public mutating func apply(_ event: ConnectionEvent) {
        switch event {
        case .opened:
            status = .connected
            openCount = openCount == Int.max ? openCount : openCount + 1
            closeCode = nil
            closeReason = nil
            failure = nil
            currentError = nil
        case .closed(let code, let reason):
            status = .closed
            closeCode = code
            closeReason = reason
        case .failed(let message):
            status = .failed
            failure = message
            currentError = ServerError(kind: .connectionFailed, message: message)
        }
    }
}
