import NIOCore
import NIOHTTP1
import NIOWebSocket

/// NIO's client side of the upgrade (its request key, its `Sec-WebSocket-Accept` check) with
/// `ClientFrameEncoder` in the pipeline instead of NIO's encoder, which NIO's upgrader adds and
/// which cannot be removed.
final class ClientWebSocketUpgrader: NIOHTTPClientProtocolUpgrader, Sendable {
    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []

    /// Asks for the upgrade and checks the answer; its pipeline handler is never called.
    private let handshake = NIOWebSocketClientUpgrader(automaticErrorHandling: false) { channel, _ in
        channel.eventLoop.makeSucceededVoidFuture()
    }
    private let maxFrameSize: Int
    private let upgraded: @Sendable (Channel, HTTPResponseHead) throws -> Void

    init(maxFrameSize: Int, upgraded: @escaping @Sendable (Channel, HTTPResponseHead) throws -> Void) {
        self.maxFrameSize = maxFrameSize
        self.upgraded = upgraded
    }

    func addCustom(upgradeRequestHeaders: inout HTTPHeaders) {
        handshake.addCustom(upgradeRequestHeaders: &upgradeRequestHeaders)
    }

    func shouldAllowUpgrade(upgradeResponse: HTTPResponseHead) -> Bool {
        handshake.shouldAllowUpgrade(upgradeResponse: upgradeResponse)
    }

    func upgrade(context: ChannelHandlerContext, upgradeResponse: HTTPResponseHead) -> EventLoopFuture<Void> {
        let channel = context.channel
        return channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ClientFrameEncoder())
            try pipeline.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxFrameSize)))
            try upgraded(channel, upgradeResponse)
        }
    }
}
