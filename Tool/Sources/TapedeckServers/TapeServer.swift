import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import TapedeckChecks
import TapedeckReplay
import TapedeckTape
import TapedeckWebSocket

/// `tapedeck serve`: a WebSocket server that plays the server side of a recorded session with
/// `RecordedSessionPlayer`, so a real app can connect to a recording. The client's first
/// connection gets the tape's first recorded connection, the next the next, and after the last the
/// first again (`RecordedConnectionQueue`); a recorded refusal answers its upgrade request 503, a
/// recorded drop closes the TCP connection without a close frame. Sends the tape has no answer for
/// are reported through `report` and get no answer. With a `ServeVerification` the verification
/// serves and judges instead (`--verify`). The upgrade is accepted on the recorded path and on
/// `/wss/`, and answers the first subprotocol the client offers, as the recorded server did.
package final class TapeServer: Sendable {
    /// The app's own path (the app guide's `wss://…/wss/`), always accepted.
    package static let path = "/wss/"
    package let localAddress: SocketAddress
    /// The path `url` names: the recorded one.
    package let servedPath: String
    package let isSecure: Bool
    private let serverChannel: Channel
    private let group: MultiThreadedEventLoopGroup
    private let connections: NIOLockedValueBox<[ObjectIdentifier: Channel]>

    private init(
        localAddress: SocketAddress, servedPath: String, isSecure: Bool, serverChannel: Channel,
        group: MultiThreadedEventLoopGroup, connections: NIOLockedValueBox<[ObjectIdentifier: Channel]>
    ) {
        self.localAddress = localAddress
        self.servedPath = servedPath
        self.isSecure = isSecure
        self.serverChannel = serverChannel
        self.group = group
        self.connections = connections
    }

    package var port: Int { localAddress.port ?? 0 }

    /// `ws://host:port/PATH` (or `wss://`), with the recorded path.
    package var url: String {
        let host = localAddress.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
        return "\(isSecure ? "wss" : "ws")://\(host):\(port)\(servedPath)"
    }

    /// Binds `host:port` (0: a free port). `recordedPath` is the path the app asked for when the
    /// tape was recorded (`/wss/` when the tape does not say). `report` gets one line per
    /// unmatched send, per connection opened and closed; it is called on the event loop threads.
    package static func start(
        records: [TapeRecord], host: String, port: Int, recordedPath: String = path, matchFields: [String] = [],
        timing: ServeTiming = .recorded, tls: NIOSSLContext? = nil, verification: ServeVerification? = nil,
        limits: ConnectionLimits = ConnectionLimits(),
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> TapeServer {
        let recorded = RecordedSessionPlayer.players(records: records, matchFields: matchFields)
        let players = recorded.isEmpty ? [RecordedSessionPlayer(records: [])] : recorded
        let paths = recordedPath == path ? [path] : [recordedPath, path]
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = NIOLockedValueBox<[ObjectIdentifier: Channel]>([:])
        let queue = RecordedConnectionQueue(players: players, verification: verification)
        let gate = ConnectionGate(limits: limits, name: "tapedeck serve")
        let bootstrap = WebSocketListener.bootstrap(group: group, backlog: 1024) { channel in
            // Taken when the upgrade request arrives, so that a recorded refusal can answer it.
            let accepted = NIOLoopBoundBox<(ordinal: Int, script: TapeSessionHandler.Script)?>(nil, eventLoop: channel.eventLoop)
            let refusal: @Sendable (HTTPRequestHead) -> String? = { _ in
                switch queue.next() {
                case .refused(let ordinal, let refusal):
                    report("connection \(ordinal): the recording refused this upgrade; answering 503 (\(refusal.reason))")
                    return "the recording refused this upgrade: \(refusal.reason)"
                case .accepted(let ordinal, let script):
                    accepted.value = (ordinal, script)
                    return nil
                }
            }
            try WebSocketPipeline.configureServer(
                channel, paths: paths, maxMessageBytes: 1 << 24, tls: tls, acceptsOfferedSubprotocol: true, gate: gate,
                refusal: refusal
            ) { channel, _ in
                let id = ObjectIdentifier(channel)
                connections.withLockedValue { $0[id] = channel }
                channel.closeFuture.whenComplete { _ in connections.withLockedValue { _ = $0.removeValue(forKey: id) } }
                // The upgrader asks `refusal` before it upgrades: an accepted connection has its script.
                guard let (ordinal, script) = accepted.value else {
                    preconditionFailure("tapedeck serve: an upgrade without its recorded connection")
                }
                return TapeSessionHandler(script: script, timing: timing, connection: ordinal, report: report)
            }
        }
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            guard let address = channel.localAddress else { throw ChannelError.unknownLocalAddress }
            return TapeServer(
                localAddress: address, servedPath: recordedPath, isSecure: tls != nil, serverChannel: channel, group: group,
                connections: connections)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops accepting, closes every connection with 1001 (going away), waits for the closing
    /// handshakes (bounded by the aggregator's grace period) and stops the thread.
    package func shutdown() async {
        try? await serverChannel.close()
        let open = connections.withLockedValue { Array($0.values) }
        for channel in open {
            channel.pipeline.triggerUserOutboundEvent(
                WebSocketCloseRequest(code: 1001, reason: "server shutting down"), promise: nil)
        }
        if !open.isEmpty {
            try? await EventLoopFuture.andAllComplete(open.map(\.closeFuture), on: group.next()).get()
        }
        try? await group.shutdownGracefully()
    }
}
