import NIOCore
import TapedeckWebSocket

/// One end of a byte tunnel between two channels on the same event loop: what one reads the
/// other writes, untouched and unrecorded, reading only while the other side can take writes;
/// either end closing closes the other once what it still has to write is written. The pattern
/// of swift-nio's connect-proxy example ("GlueHandler"), without half-closes: the listener does
/// not allow them, since intercepted sessions on it are WebSocket sessions.
final class TunnelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private var partner: TunnelHandler?
    private var context: ChannelHandlerContext?
    private var pendingRead = false

    private init() {}

    /// Two ends, each to be added to one of the two channels.
    static func matchedPair() -> (TunnelHandler, TunnelHandler) {
        let first = TunnelHandler()
        let second = TunnelHandler()
        first.partner = second
        second.partner = first
        return (first, second)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    // MARK: from the partner

    private func partnerWrite(_ data: NIOAny) {
        context?.write(data, promise: nil)
    }

    private func partnerFlush() {
        context?.flush()
    }

    private func partnerCloseFull() {
        guard let context else { return }
        // After the last bytes: a response the server sent just before closing still arrives.
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(capacity: 0))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func partnerBecameWritable() {
        if pendingRead {
            pendingRead = false
            context?.read()
        }
    }

    private var partnerWritable: Bool {
        context?.channel.isWritable ?? false
    }

    // MARK: own channel

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner?.partnerWrite(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        partner?.partnerFlush()
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.partnerCloseFull()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        partner?.partnerCloseFull()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.partnerBecameWritable() }
    }

    func read(context: ChannelHandlerContext) {
        if partner?.partnerWritable ?? false {
            context.read()
        } else {
            pendingRead = true
        }
    }
}
