import NIOCore
import NIOHTTP1
import TapedeckWebSocket

/// Answers the app when its upgrade did not go through: the upstream's own status, headers and
/// body when it refused, 502 when it could not be reached, 400 for a request that was no
/// WebSocket upgrade at all or whose `Sec-WebSocket-Key` is not base64 of 16 bytes.
final class UpstreamRefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let connection: ProxyConnection

    init(connection: ProxyConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        var headers = HTTPHeaders()
        let status: HTTPResponseStatus
        let body: [UInt8]
        switch connection.refusal {
        case nil where connection.badRequest != nil:
            status = .badRequest
            body = Array("recording proxy: \(connection.badRequest ?? "")\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        case .refused(let head, let upstreamBody):
            status = head.status
            body = upstreamBody
            for header in head.headers
            where !["content-length", "transfer-encoding", "connection"].contains(header.name.lowercased()) {
                headers.add(name: header.name, value: header.value)
            }
        case .failed(let reason):
            status = .badGateway
            body = Array("recording proxy: \(reason)\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        case nil:
            status = .badRequest
            body = Array(
                "recording proxy: send a WebSocket upgrade request (Upgrade: websocket, Sec-WebSocket-Version: 13)\n".utf8)
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        headers.add(name: "Content-Length", value: "\(body.count)")
        headers.add(name: "Connection", value: "close")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }

    /// A request NIO cannot parse: its error handler has answered 400 with `Connection: close`,
    /// and this last handler keeps that promise (NIO leaves the socket open otherwise).
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // Only parse errors: a refused upgrade (wrong path, bad key) is also reported here, and
        // its request still comes to channelRead for an answer.
        guard error is HTTPParserError else { return }
        context.close(promise: nil)
    }
}
