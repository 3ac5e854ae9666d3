import NIOCore

/// First in a listener's pipeline until the client's upgrade request is complete: closes the
/// connection when the handshake takes longer than `ConnectionLimits.handshakeTimeoutSeconds`
/// from the accept, or when no byte arrives for `idleTimeoutSeconds`. Half a request, garbage
/// without a line end, or silence therefore cannot hold a socket open. Whoever accepts the
/// request removes it (`WebSocketPipeline.requestComplete`): an upgraded session may be quiet
/// for as long as it likes.
package final class HandshakeTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer

    private let handshake: TimeAmount
    private let idle: TimeAmount
    private var deadline: Scheduled<Void>?
    private var idleTimer: Scheduled<Void>?

    package init(limits: ConnectionLimits) {
        handshake = Self.amount(limits.handshakeTimeoutSeconds)
        idle = Self.amount(limits.idleTimeoutSeconds)
    }

    package static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(min(seconds, 86_400 * 365) * 1_000_000_000))
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if deadline != nil { armIdleTimer(context: context) }
        context.fireChannelRead(data)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    private func start(context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: handshake) { loopBound.value.close(promise: nil) }
        armIdleTimer(context: context)
    }

    private func armIdleTimer(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        idleTimer = context.eventLoop.scheduleTask(in: idle) { loopBound.value.close(promise: nil) }
    }

    private func cancel() {
        deadline?.cancel()
        deadline = nil
        idleTimer?.cancel()
        idleTimer = nil
    }
}

@available(*, unavailable)
extension HandshakeTimeoutHandler: Sendable {}
