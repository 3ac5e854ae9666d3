import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import TapedeckGame
import TapedeckWebSocket

/// The reference BaoLife game server: a WebSocket endpoint at `/wss/` where every connection plays
/// its own `GameSimulation`, seeded from the server seed and the connection's ordinal (1, 2, ...).
package final class ReferenceServer: Sendable {
    package let configuration: ReferenceServerConfiguration
    /// The address actually bound (the real port when 0 was asked for).
    package let localAddress: SocketAddress
    private let serverChannel: Channel
    private let group: MultiThreadedEventLoopGroup
    private let sessions: SessionRegistry

    private init(
        configuration: ReferenceServerConfiguration, serverChannel: Channel, group: MultiThreadedEventLoopGroup,
        sessions: SessionRegistry
    ) {
        self.configuration = configuration
        self.serverChannel = serverChannel
        self.group = group
        self.sessions = sessions
        self.localAddress = serverChannel.localAddress!
    }

    package var port: Int { localAddress.port ?? configuration.port }

    /// `ws://host:port/wss/` (or `wss://`).
    package var url: String {
        let scheme = configuration.tlsCertificatePath == nil ? "ws" : "wss"
        let host = localAddress.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? configuration.host
        return "\(scheme)://\(host):\(port)\(ReferenceServerConfiguration.path)"
    }

    package static func start(_ configuration: ReferenceServerConfiguration) async throws -> ReferenceServer {
        let tls = try TLSFiles.serverContext(certificatePath: configuration.tlsCertificatePath, keyPath: configuration.tlsKeyPath)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let ordinals = NIOLockedValueBox<UInt64>(0)
        let sessions = SessionRegistry()
        let players = PlayerGames()
        let gate = ConnectionGate(limits: configuration.limits, name: "tapedeck server")
        let refused = NIOLockedValueBox(0)
        let refusal: @Sendable (HTTPRequestHead) -> String? = { _ in
            refused.withLockedValue { count in
                guard count < configuration.refuseFirst else { return nil }
                count += 1
                return
                    "the server is starting: upgrade \(count) of the first \(configuration.refuseFirst) refused (--refuse-first)"
            }
        }
        let bootstrap = WebSocketListener.bootstrap(group: group, backlog: 512) { channel in
            try WebSocketPipeline.configureServer(
                channel, paths: [ReferenceServerConfiguration.path],
                maxMessageBytes: configuration.maxMessageBytes, tls: tls, gate: gate, refusal: refusal
            ) { channel, request in
                sessions.add(channel)
                // Ordinals count upgraded sessions, so stray HTTP requests do not shift seeds.
                let ordinal = ordinals.withLockedValue { value in
                    value += 1
                    return value
                }
                let seed = SessionSeed.derive(serverSeed: configuration.seed, ordinal: ordinal)
                let clock = configuration.clock
                let faults = configuration.faults.forConnection(Int(ordinal))
                guard let player = PlayerGames.player(inTarget: request.uri) else {
                    return GameSessionHandler(game: GameSimulation(seed: seed), clock: clock, faults: faults)
                }
                switch players.take(player) {
                case .inUse:
                    return GameSessionHandler(
                        game: GameSimulation(seed: seed), clock: clock, faults: faults,
                        refusal: "player \(player) is already connected: close that connection first")
                case .game(let saved):
                    return GameSessionHandler(
                        game: saved ?? GameSimulation(seed: seed), clock: clock, faults: faults,
                        onEnd: { players.giveBack(player, game: $0) })
                }
            }
        }
        do {
            let channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
            return ReferenceServer(configuration: configuration, serverChannel: channel, group: group, sessions: sessions)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops accepting, closes every game with close code 1001 (going away), waits for the closing
    /// handshakes (at most `WebSocketMessageAggregator.closeGracePeriod`) and stops the threads.
    package func shutdown() async throws {
        try? await serverChannel.close()
        let open = sessions.all()
        for channel in open {
            channel.pipeline.triggerUserOutboundEvent(
                WebSocketCloseRequest(code: 1001, reason: "server shutting down"), promise: nil)
        }
        if !open.isEmpty {
            let eventLoop = group.next()
            try? await EventLoopFuture.andAllComplete(open.map(\.closeFuture), on: eventLoop).get()
        }
        try await group.shutdownGracefully()
    }
}

/// The upgraded game connections, so shutdown can say goodbye to each.
final class SessionRegistry: Sendable {
    private let channels = NIOLockedValueBox<[ObjectIdentifier: Channel]>([:])

    func add(_ channel: Channel) {
        let id = ObjectIdentifier(channel)
        channels.withLockedValue { $0[id] = channel }
        channel.closeFuture.whenComplete { _ in
            self.channels.withLockedValue { _ = $0.removeValue(forKey: id) }
        }
    }

    func all() -> [Channel] {
        channels.withLockedValue { Array($0.values) }
    }
}
