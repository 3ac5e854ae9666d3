import NIOCore
import NIOPosix

/// The listening socket every WebSocket server here opens (the proxy, the reference server, the
/// tape server): the address reusable at once after a restart, the given backlog, no Nagle delay on
/// accepted connections (small messages leave at once), and `configure` run for each accepted
/// channel on its event loop — usually `WebSocketPipeline.configureServer`.
package enum WebSocketListener {
    package static func bootstrap(
        group: EventLoopGroup, backlog: Int32, configure: @escaping @Sendable (Channel) throws -> Void
    ) -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: backlog)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try configure(channel) }
            }
    }
}
