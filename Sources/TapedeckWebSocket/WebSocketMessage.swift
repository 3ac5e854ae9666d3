/// One whole WebSocket message, its fragments joined.
public enum WebSocketMessage: Sendable, Equatable {
    case text([UInt8])
    case binary([UInt8])
}

/// Asks the `WebSocketMessageAggregator` of a channel to close the connection with a close frame
/// (send it with `triggerUserOutboundEvent`); the aggregator finishes the closing handshake.
public struct WebSocketCloseRequest: Sendable, Equatable {
    public var code: UInt16
    public var reason: String

    public init(code: UInt16, reason: String = "") {
        self.code = code; self.reason = reason
    }
}
