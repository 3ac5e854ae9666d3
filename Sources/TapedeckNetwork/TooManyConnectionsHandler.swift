import NIOCore

/// Answers a connection over `ConnectionLimits.maxConnections`: waits for the end of the
/// request's head (so the client is reading when the answer comes, not still writing into a
/// closed socket), answers `503 Service Unavailable` with the reason in plain text, and closes.
final class TooManyConnectionsHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let text: String
    private var seen: [UInt8] = []
    private var answered = false
    /// A head longer than this is not waited for.
    private static let maxHead = 16 * 1024

    init(name: String, maxConnections: Int) {
        text =
            "\(name): \(maxConnections) connections are open, the most it accepts (--max-connections); "
            + "close some or try again later\n"
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        let bytes = unwrapInboundIn(data)
        seen.append(contentsOf: bytes.readableBytesView.suffix(Self.maxHead))
        let endOfHead: [UInt8] = Array("\r\n\r\n".utf8)
        let complete =
            seen.count >= Self.maxHead
            || (seen.count >= 4 && seen.indices.dropLast(3).contains { seen[$0..<$0 + 4].elementsEqual(endOfHead) })
        guard complete else { return }
        answered = true
        seen = []
        let response =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(text.utf8.count)\r\nConnection: close\r\nRetry-After: 1\r\n\r\n" + text
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: response))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension TooManyConnectionsHandler: Sendable {}
