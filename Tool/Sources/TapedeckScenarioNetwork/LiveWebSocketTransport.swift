import NIOCore
import NIOSSL
import TapedeckScenario
import TapedeckServers
import TapedeckWebSocket

/// A scenario transport over a real WebSocket connection (`--server`), in real time: `receive`
/// waits on the socket for at most its timeout, so `wait 5m` takes five real minutes.
///
/// The scenario's `connect URL` is aimed at the target: the target's scheme, host and port, the
/// scenario URL's path and query (the target's path when the scenario names none); headers and
/// the subprotocol go with the upgrade request.
package final class LiveWebSocketTransport: ScenarioTransport {
    package let target: WebSocketURL
    let connectTimeout: TimeAmount
    let tlsConfiguration: TLSConfiguration
    var client: WebSocketClient?
    /// The URL each connect really went to, in order.
    package private(set) var connectedURLs: [WebSocketURL] = []

    /// `tlsConfiguration` is used for wss targets (default: the system's trust roots).
    package init(
        target: WebSocketURL, connectTimeout: TimeAmount = .seconds(10),
        tlsConfiguration: TLSConfiguration = .makeClientConfiguration()
    ) {
        self.target = target
        self.connectTimeout = connectTimeout
        self.tlsConfiguration = tlsConfiguration
    }

    package func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
        if let client {
            await client.close(code: 1000)
            self.client = nil
        }
        let resolved: WebSocketURL
        do {
            resolved = try WebSocketURL(parsing: url).retargeted(to: target)
        } catch {
            throw ScenarioTransportError(error.description)
        }
        do {
            let tls = resolved.isSecure ? try NIOSSLContext(configuration: tlsConfiguration) : nil
            client = try await WebSocketClient.connect(
                host: resolved.host, port: resolved.port, path: resolved.pathAndQuery, tls: tls,
                headers: headers, subprotocol: subprotocol, timeout: connectTimeout)
        } catch {
            throw ScenarioTransportError("cannot connect to \(resolved): \(ConnectFailure.describe(error))")
        }
        connectedURLs.append(resolved)
    }

    package func send(_ bytes: [UInt8]) async throws {
        guard let client else { throw ScenarioTransportError("the connection is closed") }
        do {
            try await client.send(text: bytes)
        } catch {
            throw ScenarioTransportError("cannot send: \(error)")
        }
    }

    package func receive(timeout: UInt64) async throws -> TransportEvent {
        guard let client else { throw ScenarioTransportError("not connected") }
        let wait = TimeAmount.nanoseconds(Int64(clamping: timeout))
        do {
            return transportEvent(try await client.receive(timeout: wait))
        } catch WebSocketClientError.timedOut {
            return .timeout
        }
    }

    package func letRealTimePass(nanoseconds: UInt64) async {
        try? await Task.sleep(nanoseconds: nanoseconds)
    }

    package func close(code: UInt16) async {
        await client?.close(code: code)
        client = nil
    }

    /// The scenario's view of a client event; a close without a close frame reads as 1006.
    func transportEvent(_ event: WebSocketClient.Event) -> TransportEvent {
        switch event {
        case .message(.text(let bytes)), .message(.binary(let bytes)):
            return .message(bytes)
        case .closed(let code):
            client = nil
            return .closed(code: code ?? 1006, reason: "")
        }
    }
}
