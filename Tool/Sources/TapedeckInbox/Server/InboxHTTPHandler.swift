import NIOCore
import NIOHTTP1

/// One connection of `inbox serve`: reads a request whole (an upload's body up to the limit, which
/// a `Content-Length` over it is refused by before any of the body is read), hands it to the
/// routes off the event loop, and writes their answer. Runs on its channel's event loop only.
final class InboxHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let routes: InboxRoutes
    /// The largest body read: the upload limit (pages and the login form need far less).
    private let limit: Int
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    /// Set once a request is refused before its body: the rest of it is ignored, then the
    /// connection closes.
    private var refusing = false

    init(routes: InboxRoutes, limit: Int) {
        self.routes = routes
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            refusing = false
            if let refusal = Self.refusal(of: head, limit: limit) {
                refusing = true
                write(refusal, version: head.version, keepAlive: false, context: context)
                return
            }
            self.head = head
            body = context.channel.allocator.buffer(capacity: 0)
            // curl and URLSession on Linux (libcurl) ask before sending a body over 1 KiB and wait a
            // second for the answer: give it at once, the head having passed.
            if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
                context.writeAndFlush(
                    wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
        case .body(var chunk):
            guard !refusing, head != nil else { return }
            guard (body?.readableBytes ?? 0) + chunk.readableBytes <= limit else {
                refusing = true
                let version = head?.version ?? .http1_1
                head = nil
                body = nil
                write(
                    .json(.refused(413, "the body is over \(limit) bytes")), version: version, keepAlive: false, context: context)
                return
            }
            body?.writeBuffer(&chunk)
        case .end:
            guard !refusing, let head else { return }
            let bytes = body.map { Array($0.readableBytesView) } ?? []
            self.head = nil
            body = nil
            var headers: [String: String] = [:]
            for (name, value) in head.headers where headers[name.lowercased()] == nil { headers[name.lowercased()] = value }
            let request = InboxRequest(method: head.method.rawValue, target: head.uri, headers: headers, body: bytes)
            let routes = routes
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let promise = context.eventLoop.makePromise(of: InboxResponse.self)
            promise.completeWithTask { await routes.answer(request) }
            promise.futureResult.whenSuccess { response in
                let (handler, context) = loopBound.value
                handler.write(response, version: head.version, keepAlive: head.isKeepAlive, context: context)
            }
        }
    }

    /// An upload refused from its head alone: a body too large or of unknown length.
    static func refusal(of head: HTTPRequestHead, limit: Int) -> InboxResponse? {
        guard head.method == .POST else { return nil }
        guard let length = head.headers.first(name: "content-length").flatMap({ Int($0) }) else {
            return .json(.refused(411, "send the body with a Content-Length"))
        }
        guard length <= limit else {
            return .json(.refused(413, "the body has \(length) bytes; this inbox takes at most \(limit)"))
        }
        return nil
    }

    private func write(_ response: InboxResponse, version: HTTPVersion, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: "\(response.body.count)")
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(
            version: version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in loopBound.value.close(promise: nil) }
        }
    }
}

@available(*, unavailable)
extension InboxHTTPHandler: Sendable {}
