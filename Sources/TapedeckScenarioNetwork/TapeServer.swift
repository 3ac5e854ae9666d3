import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket
import TapedeckNetwork
import TapedeckScenario
import TapedeckTape

/// `tapedeck serve`: a WebSocket server at `/wss/` that plays the server side of a recorded
/// session with `RecordedSessionPlayer`, so a real app can connect to a recording. Every
/// connection replays the session from its start; sends the tape has no answer for are reported
/// through `report` and get no answer. The upgrade accepts the first subprotocol the client offers,
/// as the recorded server did for the app.
public final class TapeServer: Sendable {
    public static let path = "/wss/"
    public let localAddress: SocketAddress
    public let isSecure: Bool
    private let serverChannel: Channel
    private let group: MultiThreadedEventLoopGroup
    private let connections: NIOLockedValueBox<[ObjectIdentifier: Channel]>

    private init(
        localAddress: SocketAddress, isSecure: Bool, serverChannel: Channel, group: MultiThreadedEventLoopGroup,
        connections: NIOLockedValueBox<[ObjectIdentifier: Channel]>
    ) {
        self.localAddress = localAddress; self.isSecure = isSecure; self.serverChannel = serverChannel
        self.group = group; self.connections = connections
    }

    public var port: Int { localAddress.port ?? 0 }

    /// `ws://host:port/wss/` (or `wss://`).
    public var url: String {
        let host = localAddress.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
        return "\(isSecure ? "wss" : "ws")://\(host):\(port)\(Self.path)"
    }

    /// Binds `host:port` (0: a free port). `report` gets one line per unmatched send, per
    /// connection opened and closed; it is called on the event loop threads.
    public static func start(
        records: [TapeRecord], host: String, port: Int, matchFields: [String] = [],
        timing: ServeTiming = .recorded, tls: NIOSSLContext? = nil,
        limits: ConnectionLimits = ConnectionLimits(),
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> TapeServer {
        let player = RecordedSessionPlayer(records: records, matchFields: matchFields)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = NIOLockedValueBox<[ObjectIdentifier: Channel]>([:])
        let ordinals = NIOLockedValueBox(0)
        let gate = ConnectionGate(limits: limits, name: "tapedeck serve")
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try WebSocketPipeline.configureServer(
                        channel, path: path, maxMessageBytes: 1 << 24, tls: tls, acceptsOfferedSubprotocol: true, gate: gate
                    ) { channel in
                        let id = ObjectIdentifier(channel)
                        connections.withLockedValue { $0[id] = channel }
                        channel.closeFuture.whenComplete { _ in connections.withLockedValue { _ = $0.removeValue(forKey: id) } }
                        let ordinal = ordinals.withLockedValue { value in
                            value += 1
                            return value
                        }
                        return TapeSessionHandler(player: player, timing: timing, connection: ordinal, report: report)
                    }
                }
            }
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            guard let address = channel.localAddress else { throw ChannelError.unknownLocalAddress }
            return TapeServer(
                localAddress: address, isSecure: tls != nil, serverChannel: channel, group: group,
                connections: connections)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops accepting, closes every connection with 1001 (going away), waits for the closing
    /// handshakes (bounded by the aggregator's grace period) and stops the thread.
    public func shutdown() async {
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
