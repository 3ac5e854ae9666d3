import NIOCore
import NIOWebSocket
import TapedeckWebSocket

/// The last handler of each of a session's two channels: hands every frame to the
/// `ProxyConnection`, which checks it, forwards it to the other channel and records it. Holds
/// back `read` while the other side cannot take more (backpressure), and writes what the
/// connection forwards to its side.
final class FrameRelayHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let side: RelaySide
    private let connection: ProxyConnection
    private(set) var context: ChannelHandlerContext?
    private var pendingRead = false
    private var needsFlush = false

    init(side: RelaySide, connection: ProxyConnection) {
        self.side = side
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        connection.attach(self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    var isWritable: Bool { context?.channel.isWritable ?? false }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.received(unwrapInboundIn(data), from: side)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        connection.readComplete(from: side)
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { connection.writable(side) }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.inactive(side)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        connection.failed(side, error: error)
    }

    func read(context: ChannelHandlerContext) {
        if connection.mayRead(side) {
            context.read()
        } else {
            pendingRead = true
        }
    }

    /// Reads again if a read was held back and reading is allowed now.
    func resumeReading() {
        guard pendingRead, let context, connection.mayRead(side) else { return }
        pendingRead = false
        context.read()
    }

    /// Writes a frame to this side; flushed at the end of the other side's read batch.
    func send(_ frame: WebSocketFrame, promise: EventLoopPromise<Void>? = nil) {
        guard let context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(wrapOutboundOut(frame), promise: promise)
        needsFlush = true
    }

    func flushIfNeeded() {
        guard needsFlush, let context else { return }
        needsFlush = false
        context.flush()
    }

    func close() {
        context?.close(promise: nil)
    }
}

@available(*, unavailable)
extension FrameRelayHandler: Sendable {}
