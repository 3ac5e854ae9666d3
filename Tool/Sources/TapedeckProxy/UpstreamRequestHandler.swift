import NIOCore
import NIOHTTP1
import NIOSSL
import TapedeckWebSocket

/// Sends the app's upgrade request upstream once connected, and turns a refusal (any status but
/// 101, with its body) or an error into a failed `response`.
final class UpstreamRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let response: EventLoopPromise<HTTPResponseHead>
    private var refusedHead: HTTPResponseHead?
    private var body: [UInt8] = []
    private static let maxBody = 64 * 1024

    init(head: HTTPRequestHead, response: EventLoopPromise<HTTPResponseHead>) {
        self.head = head
        self.response = response
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Only reached when the upgrade was refused: the answer is plain HTTP.
        switch unwrapInboundIn(data) {
        case .head(let head):
            refusedHead = head
        case .body(let part):
            if body.count < Self.maxBody { body.append(contentsOf: part.readableBytesView.prefix(Self.maxBody - body.count)) }
        case .end:
            if let refusedHead { response.fail(UpstreamRefusal.refused(refusedHead, body: body)) }
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let refusedHead { response.fail(UpstreamRefusal.refused(refusedHead, body: body)) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        response.fail(UpstreamRefusal.failed(Self.describe(error, target: head.uri)))
        context.close(promise: nil)
    }

    /// What went wrong, and for TLS failures what to do about it.
    static func describe(_ error: Error, target: String) -> String {
        if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
            return "TLS handshake with the upstream failed (\(error)): if its certificate comes from a private CA, "
                + "trust that CA with --ca-file PEM; --insecure skips verification (test servers only)"
        }
        return "upgrade with \(target) failed: \(error)"
    }
}
