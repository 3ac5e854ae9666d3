/// Why a `WebSocketClient` call failed.
package enum WebSocketClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered the upgrade request with plain HTTP.
    case upgradeRefused(status: Int)
    /// Nothing arrived within the time allowed.
    case timedOut(what: String, seconds: Double)
    /// The connection is closed; `code` is the close code the server sent, if any.
    case closed(code: UInt16?)

    package var description: String {
        switch self {
        case .upgradeRefused(let status): "the server refused the WebSocket upgrade with HTTP \(status)"
        case .timedOut(let what, let seconds): "timed out after \(seconds) s waiting for \(what)"
        case .closed(let code):
            "the connection is closed" + (code.map { " (close code \(WebSocketRules.describe(closeCode: $0)))" } ?? "")
        }
    }
}
