import NIOCore
import NIOWebSocket

/// Turns WebSocket frames into whole messages and owns the connection's control frames: joins
/// fragments (closing with 1009 past `maxMessageBytes`), answers pings, and runs the closing
/// handshake in both directions. Used by the reference server and `WebSocketClient` alike.
public final class WebSocketMessageAggregator: ChannelDuplexHandler {
    public typealias InboundIn = WebSocketFrame
    public typealias InboundOut = WebSocketMessage
    public typealias OutboundIn = WebSocketFrame
    public typealias OutboundOut = WebSocketFrame

    /// How long to wait for the peer's close frame after sending ours before dropping the connection.
    public static let closeGracePeriod = TimeAmount.seconds(3)

    private let maxMessageBytes: Int
    /// Clients mask what they send (RFC 6455 §5.3); servers must not.
    private let masksFrames: Bool
    private var fragments: [UInt8] = []
    private var fragmentOpcode: WebSocketOpcode?
    private var closeSent = false

    public init(maxMessageBytes: Int, isClient: Bool) {
        self.maxMessageBytes = maxMessageBytes
        self.masksFrames = isClient
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .connectionClose:
            receivedClose(context: context, frame: frame)
        case .ping:
            guard !closeSent else { return }
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: maskKey(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .pong:
            // Clients use ping/pong as a barrier: everything the peer sent before the pong has arrived.
            context.fireUserInboundEventTriggered(WebSocketPongReceived(payload: Array(frame.unmaskedData.readableBytesView)))
        case .text, .binary:
            guard !closeSent else { return }
            if fragmentOpcode != nil {
                sendClose(context: context, code: 1002, reason: "new message inside a fragmented one")
                return
            }
            fragments.removeAll(keepingCapacity: true)
            fragmentOpcode = frame.opcode
            append(frame, context: context)
        case .continuation:
            guard !closeSent else { return }
            guard fragmentOpcode != nil else {
                sendClose(context: context, code: 1002, reason: "continuation frame without a message")
                return
            }
            append(frame, context: context)
        default:
            sendClose(context: context, code: 1002, reason: "unknown opcode")
        }
    }

    public func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if let request = event as? WebSocketCloseRequest {
            sendClose(context: context, code: request.code, reason: request.reason)
            promise?.succeed(())
        } else {
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Nothing may follow our close frame.
        guard !closeSent else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        context.write(data, promise: promise)
    }

    private func append(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        let data = frame.unmaskedData
        guard fragments.count + data.readableBytes <= maxMessageBytes else {
            fragments = []
            fragmentOpcode = nil
            sendClose(context: context, code: 1009, reason: "message larger than \(maxMessageBytes) bytes")
            return
        }
        fragments.append(contentsOf: data.readableBytesView)
        guard frame.fin, let opcode = fragmentOpcode else { return }
        let message: WebSocketMessage = opcode == .text ? .text(fragments) : .binary(fragments)
        fragments = []
        fragmentOpcode = nil
        context.fireChannelRead(wrapInboundOut(message))
    }

    private func receivedClose(context: ChannelHandlerContext, frame: WebSocketFrame) {
        var data = frame.unmaskedData
        let received = data.readInteger(as: UInt16.self)
        context.fireUserInboundEventTriggered(WebSocketPeerClosed(code: received))
        if closeSent {
            // The peer answered our close frame: the closing handshake is complete.
            context.close(promise: nil)
            return
        }
        // Echo the peer's code, then close.
        let code = received ?? 1000
        var payload = context.channel.allocator.buffer(capacity: 2)
        payload.writeInteger(code)
        closeSent = true
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey(), data: payload)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }

    private func sendClose(context: ChannelHandlerContext, code: UInt16, reason: String) {
        guard !closeSent else { return }
        closeSent = true
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(code)
        payload.writeString(reason)
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey(), data: payload)
        context.writeAndFlush(wrapOutboundOut(close), promise: nil)
        let channel = context.channel
        context.eventLoop.scheduleTask(in: Self.closeGracePeriod) {
            channel.close(promise: nil)
        }
    }

    private func maskKey() -> WebSocketMaskingKey? {
        masksFrames ? .random() : nil
    }
}

/// Fired inbound when a pong arrives, with its payload.
public struct WebSocketPongReceived: Sendable, Equatable {
    public var payload: [UInt8]
}

/// Fired inbound when the peer sent a close frame (`code` nil when it carried none).
public struct WebSocketPeerClosed: Sendable, Equatable {
    public var code: UInt16?
}

@available(*, unavailable)
extension WebSocketMessageAggregator: Sendable {}
