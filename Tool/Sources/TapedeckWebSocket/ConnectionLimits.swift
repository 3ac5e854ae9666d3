/// What a listener allows a connection before and around its WebSocket upgrade, so that silent,
/// slow or garbage-sending sockets cannot pile up until the file descriptors run out. Shared by
/// the recording proxy, the reference server and `tapedeck serve` (docs/RECORDING.md,
/// docs/REFERENCE-SERVER.md).
package struct ConnectionLimits: Sendable, Equatable {
    /// From the accept to a complete upgrade request (TLS handshake included): a client that has
    /// not sent one by then is closed.
    package var handshakeTimeoutSeconds: Double
    /// Before the upgrade request is complete: a connection on which nothing arrives for this
    /// long is closed, even when the handshake timeout is further away.
    package var idleTimeoutSeconds: Double
    /// Connections open at once (upgraded or not); one more is answered 503 and closed.
    package var maxConnections: Int

    package static let defaultHandshakeTimeoutSeconds = 10.0
    package static let defaultIdleTimeoutSeconds = 5.0
    package static let defaultMaxConnections = 1024

    package init(
        handshakeTimeoutSeconds: Double = defaultHandshakeTimeoutSeconds,
        idleTimeoutSeconds: Double = defaultIdleTimeoutSeconds, maxConnections: Int = defaultMaxConnections
    ) {
        self.handshakeTimeoutSeconds = handshakeTimeoutSeconds
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maxConnections = maxConnections
    }
}
