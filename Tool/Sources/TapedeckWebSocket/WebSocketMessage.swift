/// One whole WebSocket message, its fragments joined.
package enum WebSocketMessage: Sendable, Equatable {
    case text([UInt8])
    case binary([UInt8])
}

/// Asks the `WebSocketMessageAggregator` of a channel to close the connection with a close frame
/// (send it with `triggerUserOutboundEvent`); the aggregator finishes the closing handshake.
package struct WebSocketCloseRequest: Sendable, Equatable {
    package var code: UInt16
    package var reason: String

    package init(code: UInt16, reason: String = "") {
        self.code = code
        self.reason = reason
    }
}
