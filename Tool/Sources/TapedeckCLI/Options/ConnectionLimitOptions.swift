import ArgumentParser
import TapedeckWebSocket

/// `--handshake-timeout`, `--idle-timeout` and `--max-connections`, shared by `record`, `server`
/// and `serve`: what a listener allows before the WebSocket upgrade and how many connections it
/// keeps open at once (docs/RECORDING.md, "Timeouts and limits").
struct ConnectionLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("handshake-timeout"),
        help: "Seconds a new connection has to complete its upgrade request (TLS included); closed after.")
    var handshakeTimeout = ConnectionLimits.defaultHandshakeTimeoutSeconds

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds without a byte before the upgrade request is complete; the connection is closed after.")
    var idleTimeout = ConnectionLimits.defaultIdleTimeoutSeconds

    @Option(
        name: .customLong("max-connections"),
        help: "Connections open at once; one more is answered 503 with the reason and closed.")
    var maxConnections = ConnectionLimits.defaultMaxConnections

    func validate() throws {
        for (name, value) in [("--handshake-timeout", handshakeTimeout), ("--idle-timeout", idleTimeout)]
        where !(value >= 0.01 && value <= 86_400) {
            throw ValidationError("\(name) must be between 0.01 and 86400 seconds (got \(value)).")
        }
        if maxConnections < 1 { throw ValidationError("--max-connections must be 1 or more (got \(maxConnections)).") }
    }

    var limits: ConnectionLimits {
        ConnectionLimits(
            handshakeTimeoutSeconds: handshakeTimeout, idleTimeoutSeconds: idleTimeout,
            maxConnections: maxConnections)
    }
}
