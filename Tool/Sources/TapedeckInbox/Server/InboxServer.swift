import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import TapedeckWebSocket

/// `inbox serve`'s listener: HTTP/1.1 (over TLS when given a context) on SwiftNIO, at most
/// `maxConnections` at once (the rest get 503), a connection idle for `idleTimeout` closed.
package final class InboxServer: Sendable {
    private let channel: Channel
    /// The port it listens on (the one asked for, or the one the system chose for 0).
    package let port: Int

    package static func start(
        host: String, port: Int, routes: InboxRoutes, limit: Int, tls: NIOSSLContext?, maxConnections: Int = 512,
        idleTimeout: TimeAmount = .seconds(30), group: EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> InboxServer {
        let gate = ConnectionGate(
            limits: ConnectionLimits(maxConnections: maxConnections), name: "tapedeck inbox serve")
        let channel = try await WebSocketListener.bootstrap(group: group, backlog: 256) { channel in
            let pipeline = channel.pipeline.syncOperations
            if let tls { try pipeline.addHandler(NIOSSLServerHandler(context: tls)) }
            guard gate.admit(channel) else {
                try pipeline.addHandler(TooManyConnectionsHandler(name: gate.name, maxConnections: maxConnections))
                return
            }
            try pipeline.addHandler(IdleStateHandler(readTimeout: idleTimeout))
            try pipeline.addHandler(IdleCloser())
            try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
            try pipeline.addHandler(InboxHTTPHandler(routes: routes, limit: limit))
        }.bind(host: host, port: port).get()
        return InboxServer(channel: channel, port: channel.localAddress?.port ?? port)
    }

    private init(channel: Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    /// Stops listening (open connections finish their request).
    package func close() async {
        try? await channel.close()
    }
}

/// Closes a connection whose reads went quiet: a client that opens connections and sends
/// nothing (or a body slowly) cannot hold them for ever.
private final class IdleCloser: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
