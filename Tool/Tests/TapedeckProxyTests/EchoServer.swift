import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket
import TapedeckWebSocket

/// A WebSocket server on SwiftNIO that echoes every message (on any path, over TLS when given a
/// context), as the upstream of load and forward-proxy tests.
final class EchoServer: Sendable {
    let channel: Channel
    let group: MultiThreadedEventLoopGroup

    /// `greeting`: sent the moment a connection is upgraded, before the client says anything (as
    /// the game server resyncs a returning player).
    init(tls: NIOSSLContext? = nil, host: String = "127.0.0.1", greeting: String? = nil) async throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try WebSocketPipeline.configureServer(channel, paths: ["/", "/game"], maxMessageBytes: 1 << 20, tls: tls) {
                        _, _ in
                        EchoHandler(greeting: greeting)
                    }
                }
            }
            .bind(host: host, port: 0).get()
    }

    var port: Int { channel.localAddress?.port ?? 0 }

    func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }
}

final class EchoHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketMessage
    typealias OutboundOut = WebSocketFrame

    let greeting: String?
    init(greeting: String? = nil) { self.greeting = greeting }

    func handlerAdded(context: ChannelHandlerContext) {
        guard let greeting else { return }
        let buffer = context.channel.allocator.buffer(string: greeting)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let (opcode, bytes): (WebSocketOpcode, [UInt8]) =
            switch unwrapInboundIn(data) {
            case .text(let bytes): (.text, bytes)
            case .binary(let bytes): (.binary, bytes)
            }
        context.write(
            wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: context.channel.allocator.buffer(bytes: bytes))),
            promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }
}
