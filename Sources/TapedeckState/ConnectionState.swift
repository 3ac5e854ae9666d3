import TapedeckProtocol

/// The connection as the app shows it, and the error on screen (`currentError`).
///
/// `currentError` is set by an `error` message from the server and by a failed connection; it
/// clears when a connection opens and when a `playerObject` arrives (the app has a full, good
/// state again). A close keeps it, so the reason for the last failure stays visible.
public struct ConnectionState: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable, CaseIterable {
        case notConnected, connected, closed, failed
    }

    public var status: Status = .notConnected
    /// How many times a connection has opened (1 for the first, more after reconnects).
    public var openCount: Int = 0
    public var closeCode: Int?
    public var closeReason: String?
    public var failure: String?
    public var currentError: ServerError?

    public init() {}

    public var isConnected: Bool { status == .connected }

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
