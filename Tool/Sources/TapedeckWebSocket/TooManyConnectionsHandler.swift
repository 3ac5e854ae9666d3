import NIOCore

/// Answers a connection over `ConnectionLimits.maxConnections`: waits for the end of the
/// request's head (so the client is reading when the answer comes, not still writing into a
/// closed socket), answers `503 Service Unavailable` with the reason in plain text, and closes.
package final class TooManyConnectionsHandler: ChannelInboundHandler {
    package typealias InboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    private let text: String
    private var seen: [UInt8] = []
    private var answered = false
    /// A head longer than this is not waited for.
    private static let maxHead = 16 * 1024

    package init(name: String, maxConnections: Int) {
        text =
            "\(name): \(maxConnections) connections are open, the most it accepts (--max-connections); "
            + "close some or try again later\n"
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        let bytes = unwrapInboundIn(data)
        seen.append(contentsOf: bytes.readableBytesView.suffix(Self.maxHead))
        guard seen.count >= Self.maxHead || RawHTTP.endOfHead(seen) != nil else { return }
        answered = true
        seen = []
        let response = RawHTTP.plainTextResponse(
            code: 503, reason: "Service Unavailable", text: text, extraHeaders: ["Retry-After: 1"])
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: response))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension TooManyConnectionsHandler: Sendable {}
