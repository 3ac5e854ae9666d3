import NIOCore
import TapedeckTape
import NIOWebSocket

/// Turns WebSocket frames into whole messages and owns the connection's control frames: joins
/// fragments (closing with 1009 past `maxMessageBytes`), answers pings, runs the closing handshake
/// in both directions, and enforces RFC 6455 on what arrives: masking by direction, no reserved
/// bits, known opcodes, fragments in order, valid UTF-8 in text (1007), valid close payloads.
/// Used by the reference server and `WebSocketClient` alike, with NIO's automatic error handling
/// off: a frame NIO's decoder refuses (too big, a long or fragmented control frame) is answered
/// here with a close frame, and the connection is kept open (its input drained) until the peer
/// answers or the grace period ends, so the peer reads the close code instead of a reset.
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
    /// The text message being received, checked fragment by fragment.
    private var text = UTF8Validator()
    private var closeSent = false

    public init(maxMessageBytes: Int, isClient: Bool) {
        self.maxMessageBytes = maxMessageBytes
        self.masksFrames = isClient
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if let violation = violation(in: frame) {
            sendClose(context: context, code: 1002, reason: violation)
            return
        }
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
            text = UTF8Validator()
            append(frame, context: context)
        case .continuation:
            guard !closeSent else { return }
            guard fragmentOpcode != nil else {
                sendClose(context: context, code: 1002, reason: "continuation frame without a message")
                return
            }
            append(frame, context: context)
        default:
            sendClose(context: context, code: 1002, reason: "reserved opcode \(Int(webSocketOpcode: frame.opcode))")
        }
    }

    /// Frame-level rules NIO's decoder does not check: who masks, and no reserved bits (no
    /// extension is ever negotiated).
    private func violation(in frame: WebSocketFrame) -> String? {
        if masksFrames && frame.maskKey != nil { return "masked frame from the server" }
        if !masksFrames && frame.maskKey == nil { return "unmasked frame from the client" }
        if frame.rsv1 || frame.rsv2 || frame.rsv3 { return "reserved bits set without a negotiated extension" }
        return nil
    }

    public func errorCaught(context: ChannelHandlerContext, error: Error) {
        if let error = error as? NIOWebSocketError {
            let (code, reason): (UInt16, String) = switch error {
            case .invalidFrameLength: (1009, "frame larger than \(maxMessageBytes) bytes")
            case .fragmentedControlFrame: (1002, "fragmented control frame")
            case .multiByteControlFrameLength: (1002, "control frame over 125 bytes")
            }
            sendClose(context: context, code: code, reason: reason)
            return
        }
        if case ByteToMessageDecoderError.dataReceivedInErrorState = error {
            // The decoder gave up after a bad frame; the rest of the input is drained, not read.
            return
        }
        context.fireErrorCaught(error)
    }

    public func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if let request = event as? WebSocketCloseRequest {
            // 1005, 1006 and the other codes that may not travel become a close frame without a code.
            let code = WebSocketRules.mayTravel(closeCode: request.code) ? request.code : nil
            sendClose(context: context, code: code, reason: request.reason)
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
        if fragmentOpcode == .text {
            // Judged per fragment, so a bad message is refused at its first bad byte.
            guard text.feed(data.readableBytesView), !frame.fin || text.isComplete else {
                fragments = []
                fragmentOpcode = nil
                sendClose(context: context, code: 1007, reason: "text message is not valid UTF-8")
                return
            }
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
        if closeSent {
            // The peer answered our close frame: the closing handshake is complete.
            context.fireUserInboundEventTriggered(WebSocketPeerClosed(code: data.readInteger(as: UInt16.self)))
            context.close(promise: nil)
            return
        }
        if let violation = WebSocketRules.closePayloadViolation(data) {
            // Answered with the error instead of an echo; the peer already said goodbye, so no wait.
            sendClose(context: context, code: violation.code, reason: violation.reason, thenDisconnect: true)
            return
        }
        let received = data.readInteger(as: UInt16.self)
        context.fireUserInboundEventTriggered(WebSocketPeerClosed(code: received))
        // Echo the peer's code (none when it sent none: 1005 never goes on the wire), then close.
        sendClose(context: context, code: received, reason: "", thenDisconnect: true)
    }

    /// Sends our close frame (nil code: an empty payload). Then either closes once it is written
    /// (the peer's close already came) or waits for the peer's answer, at most the grace period.
    private func sendClose(context: ChannelHandlerContext, code: UInt16?, reason: String, thenDisconnect: Bool = false) {
        guard !closeSent else { return }
        closeSent = true
        fragments = []
        fragmentOpcode = nil
        var payload = context.channel.allocator.buffer(capacity: 125)
        if let code {
            payload.writeInteger(code)
            payload.writeString(Self.truncated(reason, toBytes: 123))
        }
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey(), data: payload)
        let written = context.writeAndFlush(wrapOutboundOut(close))
        let channel = context.channel
        if thenDisconnect {
            written.whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.eventLoop.scheduleTask(in: Self.closeGracePeriod) {
                channel.close(promise: nil)
            }
        }
    }

    /// `reason` cut to at most `limit` bytes on a character boundary (a control frame holds 125 bytes).
    static func truncated(_ reason: String, toBytes limit: Int) -> String {
        var result = ""
        var count = 0
        for character in reason {
            count += character.utf8.count
            guard count <= limit else { break }
            result.append(character)
        }
        return result
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
