import NIOCore
import NIOWebSocket

/// Turns WebSocket frames into whole messages and owns the connection's control frames: the
/// channel side of `WebSocketEndpointMachine`, which joins fragments (1009 past
/// `maxMessageBytes`), answers pings, runs the closing handshake in both directions and enforces
/// RFC 6455 on what arrives, with the same `WebSocketPeerMachine` as the recording proxy. This
/// handler only hands it frames, decoder errors and close requests, and carries out what it returns.
/// Used by the reference server and `WebSocketClient` alike, with NIO's automatic error handling
/// off: a frame NIO's decoder refuses (too big, a long or fragmented control frame) is answered
/// with a close frame, and the connection is kept open (its input drained) until the peer answers
/// or the grace period ends, so the peer reads the close code instead of a reset.
package final class WebSocketMessageAggregator: ChannelDuplexHandler {
    package typealias InboundIn = WebSocketFrame
    package typealias InboundOut = WebSocketMessage
    package typealias OutboundIn = WebSocketFrame
    package typealias OutboundOut = WebSocketFrame

    /// How long to wait for the peer's close frame after sending ours before dropping the connection.
    package static let closeGracePeriod = TimeAmount.seconds(3)

    private var machine: WebSocketEndpointMachine
    /// Clients mask what they send (RFC 6455 §5.3); servers must not.
    private let masksFrames: Bool
    /// The write of our close frame, once sent.
    private var closeWrite: EventLoopFuture<Void>?

    package init(maxMessageBytes: Int, isClient: Bool) {
        machine = WebSocketEndpointMachine(isClient: isClient, maxMessageBytes: maxMessageBytes)
        masksFrames = isClient
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        perform(machine.received(FrameHeader(frame), payload: Array(frame.unmaskedData.readableBytesView)), context: context)
    }

    package func errorCaught(context: ChannelHandlerContext, error: Error) {
        if let error = error as? NIOWebSocketError {
            perform(machine.decodeFailed(FrameDecodeError(error)), context: context)
            return
        }
        if case ByteToMessageDecoderError.dataReceivedInErrorState = error {
            // The decoder gave up after a bad frame; the rest of the input is drained, not read.
            return
        }
        context.fireErrorCaught(error)
    }

    package func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if let request = event as? WebSocketCloseRequest {
            perform(machine.closeRequested(code: request.code, reason: request.reason), context: context)
            promise?.succeed(())
        } else {
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Nothing may follow our close frame.
        guard machine.acceptsWrites else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        context.write(data, promise: promise)
    }

    private func perform(_ actions: [WebSocketEndpointMachine.Action], context: ChannelHandlerContext) {
        for action in actions {
            switch action {
            case .deliver(let message):
                context.fireChannelRead(wrapInboundOut(message))
            case .sendPong(let payload):
                var data = context.channel.allocator.buffer(capacity: payload.count)
                data.writeBytes(payload)
                let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: masksFrames ? .random() : nil, data: data)
                context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
            case .pongReceived(let payload):
                context.fireUserInboundEventTriggered(WebSocketPongReceived(payload: payload))
            case .peerClosed(let code):
                context.fireUserInboundEventTriggered(WebSocketPeerClosed(code: code))
            case .sendClose(let code, let reason):
                let close = WebSocketFrame.close(
                    payload: WebSocketPeerMachine.closePayload(code: code, reason: reason),
                    masked: masksFrames)
                closeWrite = context.writeAndFlush(wrapOutboundOut(close))
            case .closeAfterWrite:
                let channel = context.channel
                if let closeWrite {
                    closeWrite.whenComplete { _ in channel.close(promise: nil) }
                } else {
                    channel.close(promise: nil)
                }
            case .startGraceTimer:
                let channel = context.channel
                context.eventLoop.scheduleTask(in: Self.closeGracePeriod) { channel.close(promise: nil) }
            case .closeChannel:
                context.close(promise: nil)
            }
        }
    }
}

/// Fired inbound when a pong arrives, with its payload.
package struct WebSocketPongReceived: Sendable, Equatable {
    package var payload: [UInt8]
}

/// Fired inbound when the peer sent a close frame (`code` nil when it carried none).
package struct WebSocketPeerClosed: Sendable, Equatable {
    package var code: UInt16?
}

@available(*, unavailable)
extension WebSocketMessageAggregator: Sendable {}
