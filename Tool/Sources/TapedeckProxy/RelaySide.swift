import TapedeckTape
import TapedeckWebSocket

/// One of the two WebSocket connections a proxied session has.
enum RelaySide: Int, Sendable {
    /// The app, connected to the proxy.
    case client = 0
    /// The game server the proxy connected to.
    case server = 1

    var other: RelaySide { self == .client ? .server : .client }

    /// The tape direction of what this side sends.
    var direction: UInt8 { self == .client ? 0 : 1 }

    var name: String { self == .client ? "client" : "server" }

    /// The side as a tape says who ended a connection.
    var party: TapeRecord.Party { self == .client ? .client : .server }
}
