import NIOCore
import NIOHTTP1
import NIOSSL
import NIOWebSocket

/// Sets up channels for WebSocket: optional TLS, HTTP/1.1, the upgrade on given paths, then a
/// `WebSocketMessageAggregator` followed by the caller's handler. Shared by the reference server,
/// the recording proxy and `WebSocketClient`.
package enum WebSocketPipeline {
    /// The path part of a request URI (no query).
    package static func path(of uri: String) -> String {
        String(uri.prefix { $0 != "?" })
    }

    /// Server side: must run on the channel's event loop (in a `childChannelInitializer`).
    /// `makeHandler` builds, from the channel and the upgrade request, the handler that receives
    /// `WebSocketMessage`s once upgraded. With
    /// `acceptsOfferedSubprotocol` the upgrade answers the first subprotocol the client offers.
    /// The upgrade is accepted on each of `paths` (the first is the one error pages name).
    package static func configureServer(
        _ channel: Channel, paths: [String], maxMessageBytes: Int, tls: NIOSSLContext?,
        acceptsOfferedSubprotocol: Bool = false, gate: ConnectionGate? = nil,
        refusal: (@Sendable (HTTPRequestHead) -> String?)? = nil,
        makeHandler: @escaping @Sendable (Channel, HTTPRequestHead) -> any ChannelHandler
    ) throws {
        let pipeline = channel.pipeline.syncOperations
        if let gate, !gate.admit(channel) {
            try configureRefusal(channel, gate: gate, tls: tls)
            return
        }
        let timeout = try addHandshakeTimeout(channel, limits: gate?.limits ?? ConnectionLimits())
        if let tls {
            try pipeline.addHandler(NIOSSLServerHandler(context: tls))
        }
        let notFound = HTTPNotFoundHandler(webSocketPaths: paths)
        let fallback = NIOLoopBound(notFound, eventLoop: channel.eventLoop)
        // No automatic error handling: the aggregator answers NIO's decoder errors itself and keeps
        // reading until the peer has its close frame, instead of closing under it (a reset).
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: maxMessageBytes, automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                requestComplete(channel, timeout)
                guard paths.contains(self.path(of: head.uri)), hasValidKey(head) else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                // A server that is not ready (`tapedeck server --refuse-first`): 503 with the reason.
                if let reason = refusal?(head) {
                    fallback.value.unavailable = reason
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                var headers = HTTPHeaders()
                if acceptsOfferedSubprotocol, let offered = head.headers[canonicalForm: "Sec-WebSocket-Protocol"].first {
                    headers.add(name: "Sec-WebSocket-Protocol", value: String(offered))
                }
                return channel.eventLoop.makeSucceededFuture(headers)
            },
            upgradePipelineHandler: { channel, request in
                channel.eventLoop.makeCompletedFuture {
                    let operations = channel.pipeline.syncOperations
                    try operations.addHandler(WebSocketMessageAggregator(maxMessageBytes: maxMessageBytes, isClient: false))
                    try operations.addHandler(makeHandler(channel, request))
                }
            })
        try addHTTPServer(channel, upgrader: upgrader, fallback: notFound)
    }

    /// The HTTP/1.1 server with `upgrader`, followed by `fallback`, which answers the requests
    /// that do not upgrade and leaves the pipeline once one does.
    package static func addHTTPServer(
        _ channel: Channel, upgrader: NIOWebSocketServerUpgrader, fallback: any RemovableChannelHandler
    ) throws {
        let pipeline = channel.pipeline.syncOperations
        let fallbackBox = NIOLoopBound(fallback, eventLoop: channel.eventLoop)
        try pipeline.configureHTTPServerPipeline(
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(fallbackBox.value, promise: nil)
                }
            ))
        try pipeline.addHandler(fallback)
    }

    /// First thing for every accepted connection: the timeouts until its upgrade request is
    /// complete (`ConnectionLimits`). Returns the handler, for `requestComplete`.
    package static func addHandshakeTimeout(_ channel: Channel, limits: ConnectionLimits) throws -> NIOLoopBound<
        HandshakeTimeoutHandler
    > {
        let handler = HandshakeTimeoutHandler(limits: limits)
        try channel.pipeline.syncOperations.addHandler(handler, position: .first)
        return NIOLoopBound(handler, eventLoop: channel.eventLoop)
    }

    /// The client's upgrade request is in: from here on a slow upstream or a quiet session is
    /// not the client's fault, so the handshake timeouts stop.
    package static func requestComplete(_ channel: Channel, _ timeout: NIOLoopBound<HandshakeTimeoutHandler>) {
        channel.pipeline.syncOperations.removeHandler(timeout.value, promise: nil)
    }

    /// A connection over the gate's limit: TLS when the listener speaks it, then 503 with the
    /// reason and close; the handshake timeouts apply, so a refused client that sends nothing goes too.
    package static func configureRefusal(_ channel: Channel, gate: ConnectionGate, tls: NIOSSLContext?) throws {
        _ = try addHandshakeTimeout(channel, limits: gate.limits)
        let pipeline = channel.pipeline.syncOperations
        if let tls { try pipeline.addHandler(NIOSSLServerHandler(context: tls)) }
        try pipeline.addHandler(TooManyConnectionsHandler(name: gate.name, maxConnections: gate.limits.maxConnections))
    }

    /// Client side: must run on the channel's event loop (in a `channelInitializer`). Sends the
    /// upgrade request once connected (`path` may carry a query; `headers` and `subprotocol` are
    /// added to it); `makeHandler` runs when the server accepted it.
    package static func configureClient(
        _ channel: Channel, host: String, port: Int, path: String, maxMessageBytes: Int, tls: NIOSSLContext?,
        headers: [(name: String, value: String)] = [], subprotocol: String? = nil,
        upgradeFailed: @escaping @Sendable (Error) -> Void,
        makeHandler: @escaping @Sendable (Channel) -> any ChannelHandler
    ) throws {
        let requester = UpgradeRequestHandler(
            host: host, port: port, path: path, headers: headers, subprotocol: subprotocol,
            upgradeFailed: upgradeFailed)
        try configureClientUpgrade(channel, host: host, tls: tls, maxFrameSize: maxMessageBytes, requester: requester) {
            channel, _ in
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(WebSocketMessageAggregator(maxMessageBytes: maxMessageBytes, isClient: true))
            try operations.addHandler(makeHandler(channel))
        }
    }

    /// The client side of an upgrade, shared by `WebSocketClient` and the recording proxy's upstream
    /// side: TLS naming `host` (unless it is an address), HTTP/1.1 with `requester` sending the
    /// upgrade request and seeing a refusal, and once the server answers 101, the frame codec goes in
    /// (`ClientFrameEncoder`, which masks every frame, and NIO's decoder) and `upgraded` adds the
    /// caller's handlers behind it. Must run on the channel's event loop.
    package static func configureClientUpgrade(
        _ channel: Channel, host: String, tls: NIOSSLContext?, maxFrameSize: Int,
        requester: any ChannelHandler & RemovableChannelHandler,
        upgraded: @escaping @Sendable (Channel, HTTPResponseHead) throws -> Void
    ) throws {
        let pipeline = channel.pipeline.syncOperations
        if let tls {
            try pipeline.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: isIPAddress(host) ? nil : host))
        }
        let upgrader = ClientWebSocketUpgrader(maxFrameSize: maxFrameSize, upgraded: upgraded)
        let requesterBox = NIOLoopBound(requester, eventLoop: channel.eventLoop)
        // Frames the server sends right after its 101 response often arrive in the same read as the
        // response: the HTTP decoder must pass those bytes on when it is removed, not drop them.
        try pipeline.addHTTPClientHandlers(
            leftOverBytesStrategy: .forwardBytes,
            withClientUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(requesterBox.value, promise: nil)
                }
            ))
        try pipeline.addHandler(requester)
    }

    /// Whether the upgrade request carries one `Sec-WebSocket-Key` that is base64 of 16 bytes (NIO
    /// only checks that there is one); a request without is answered 400 by `HTTPNotFoundHandler`.
    package static func hasValidKey(_ head: HTTPRequestHead) -> Bool {
        let keys = head.headers[canonicalForm: "Sec-WebSocket-Key"]
        return keys.count == 1 && WebSocketRules.isValidKey(String(keys[0]))
    }

    package static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}

/// Sends the HTTP upgrade request when the connection is up, and reports a refused upgrade.
package final class UpgradeRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPClientResponsePart
    package typealias OutboundOut = HTTPClientRequestPart

    private let host: String
    private let port: Int
    private let path: String
    private let extraHeaders: [(name: String, value: String)]
    private let subprotocol: String?
    private let upgradeFailed: @Sendable (Error) -> Void

    package init(
        host: String, port: Int, path: String, headers: [(name: String, value: String)] = [], subprotocol: String? = nil,
        upgradeFailed: @escaping @Sendable (Error) -> Void
    ) {
        self.host = host
        self.port = port
        self.path = path
        self.extraHeaders = headers
        self.subprotocol = subprotocol
        self.upgradeFailed = upgradeFailed
    }

    package func channelActive(context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "\(host):\(port)")
        // No Content-Length: a GET has no body, and some servers (Python's websockets) refuse an
        // upgrade request that announces one.
        for header in extraHeaders { headers.add(name: header.name, value: header.value) }
        if let subprotocol { headers.add(name: "Sec-WebSocket-Protocol", value: subprotocol) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Only reached when the upgrade was refused: the response is plain HTTP.
        if case .head(let response) = unwrapInboundIn(data) {
            upgradeFailed(WebSocketClientError.upgradeRefused(status: Int(response.status.code)))
            context.close(promise: nil)
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: Error) {
        upgradeFailed(error)
        context.close(promise: nil)
    }
}
