import NIOCore
import NIOHTTP1

/// Answers plain HTTP requests that were not upgraded to a WebSocket: 400 for an upgrade request
/// whose `Sec-WebSocket-Key` is missing or not base64 of 16 bytes, 503 for an upgrade the server
/// refused (`unavailable`), 426 on the WebSocket path (the client forgot the upgrade headers), 404
/// everywhere else.
package final class HTTPNotFoundHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias OutboundOut = HTTPServerResponsePart

    private let webSocketPaths: [String]
    /// Why the server refused this connection's upgrade, set by the upgrader: answered 503.
    package var unavailable: String?
    /// The path the answers name.
    private var webSocketPath: String { webSocketPaths.first ?? "/" }

    package init(webSocketPaths: [String]) {
        self.webSocketPaths = webSocketPaths
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        let onPath = webSocketPaths.contains(WebSocketPipeline.path(of: request.uri))
        let badKey = onPath && request.headers.contains(name: "Upgrade") && !WebSocketPipeline.hasValidKey(request)
        let status: HTTPResponseStatus =
            badKey ? .badRequest : unavailable != nil ? .serviceUnavailable : onPath ? .upgradeRequired : .notFound
        let text =
            badKey
            ? "Sec-WebSocket-Key must be one header holding the base64 encoding of 16 random bytes (RFC 6455 4.1)\n"
            : unavailable.map { $0 + "\n" }
                ?? (onPath
                    ? "\(webSocketPath) speaks WebSocket only: send an Upgrade: websocket request\n"
                    : "not found: the game is at \(webSocketPath)\n")
        var body = context.channel.allocator.buffer(capacity: text.utf8.count)
        body.writeString(text)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }

    /// A request NIO cannot parse: its error handler has answered 400 with `Connection: close`,
    /// and this last handler keeps that promise (NIO leaves the socket open otherwise).
    package func errorCaught(context: ChannelHandlerContext, error: Error) {
        // Only parse errors: a refused upgrade (wrong path, bad key) is also reported here, and
        // its request still comes to channelRead for an answer.
        guard error is HTTPParserError else { return }
        context.close(promise: nil)
    }
}
