import NIOCore
import NIOHTTP1
import TapedeckCore
import TapedeckWebSocket

/// The proxy's control endpoint: `POST /mark?name=NAME` drops a marker into every open tape,
/// `GET /status` reports the totals as JSON. Anything else is 404; a request from a web page 403.
final class ProxyControlHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let context: ProxyContext
    private var request: HTTPRequestHead?

    init(context: ProxyContext) {
        self.context = context
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): request = head
        case .body: break
        case .end:
            guard let request else { return }
            self.request = nil
            let (status, text) =
                Self.refusal(of: request, localAddress: channelContext.channel.localAddress) ?? answer(request)
            respond(channelContext, version: request.version, keepAlive: request.isKeepAlive, status: status, text: text)
        }
    }

    /// A web page the user opens can send requests here too: cross-site, or through a name of its
    /// own that it rebinds to this address (DNS rebinding). A browser always sends the name it
    /// used as Host and marks a page's requests with Origin; `tapedeck mark`, curl and scripts send
    /// the address itself and no Origin. So: 403 for any Origin, and for a Host other than the
    /// endpoint's literal address (or `localhost` on a loopback address) with its port
    /// (issue 41, finding 3).
    static func refusal(of request: HTTPRequestHead, localAddress: SocketAddress?) -> (HTTPResponseStatus, String)? {
        if let origin = request.headers.first(name: "Origin") {
            return (.forbidden, "the control endpoint answers no web page (Origin: \(origin))\n")
        }
        guard let localAddress, let ip = localAddress.ipAddress, let port = localAddress.port else { return nil }
        var allowed = ["\(ip):\(port)"]
        // IPv6 as RFC 3986 writes it, and as `tapedeck mark` sends it (without brackets).
        if localAddress.protocol == .inet6 { allowed.insert("[\(ip)]:\(port)", at: 0) }
        if ip == "127.0.0.1" || ip == "::1" { allowed.append("localhost:\(port)") }
        let host = request.headers.first(name: "Host")?.lowercased() ?? ""
        guard allowed.contains(host) else {
            return (
                .forbidden, "the control endpoint answers only Host: \(allowed.joined(separator: " or ")) (got \"\(host)\")\n"
            )
        }
        return nil
    }

    private func answer(_ request: HTTPRequestHead) -> (HTTPResponseStatus, String) {
        let path = WebSocketPipeline.path(of: request.uri)
        switch (request.method, path) {
        case (.POST, "/mark"):
            guard let name = RequestQuery.value("name", in: request.uri), !name.isEmpty else {
                return (.badRequest, "give the marker a name: POST /mark?name=NAME\n")
            }
            let count = context.tapes.mark(name)
            return (.ok, "marked \(count) open tape\(count == 1 ? "" : "s") with \(name)\n")
        case (.GET, "/status"):
            let statistics = context.statistics()
            var json = JSONWriter(capacity: 96)
            json.beginObject()
            json.member("openConnections", statistics.openConnections)
            json.member("tapesClosed", statistics.tapesClosed)
            json.member("messages", statistics.messages)
            json.member("compressedBytes", statistics.compressedBytes)
            json.endObject()
            return (.ok, String(decoding: json.bytes, as: UTF8.self) + "\n")
        default:
            return (.notFound, "the control endpoint knows POST /mark?name=NAME and GET /status\n")
        }
    }

    private func respond(
        _ context: ChannelHandlerContext, version: HTTPVersion, keepAlive: Bool,
        status: HTTPResponseStatus, text: String
    ) {
        var headers = HTTPHeaders()
        headers.add(
            name: "Content-Type", value: status == .ok && text.hasPrefix("{") ? "application/json" : "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(text.utf8.count)")
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: text)))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { loopBound.value.close(promise: nil) }
        }
    }
}
