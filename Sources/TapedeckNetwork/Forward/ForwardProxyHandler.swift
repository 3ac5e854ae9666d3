import NIOCore
import NIOPosix
import NIOSSL

/// The first handler of a connection to the forward proxy (`record --mode forward`): reads the
/// first request head from the raw bytes and decides what the connection becomes.
///
/// - `CONNECT` to an intercepted host: answered 200, then TLS (when the tunnel starts with a TLS
///   record) with a leaf for that host from the local CA, then the same recorded session as
///   reverse mode, towards that host.
/// - A `ws://` upgrade as an absolute URL to an intercepted host: that recorded session, plain.
/// - Anything else (`CONNECT` or an absolute `http://` request to another host): a byte tunnel
///   to the host, not recorded; an absolute request is sent on in origin form.
///
/// Then the handler leaves the pipeline and hands on what it read past the head.
final class ForwardProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case readingHead
        /// An intercepted `CONNECT` was answered: the tunnel's first byte says TLS or not.
        case awaitingTunnel(host: String, port: Int)
        /// Connecting to a host that is not intercepted; what the client sends meanwhile waits.
        case connecting
        case done
    }

    static let connectionEstablished = Array("HTTP/1.1 200 Connection Established\r\n\r\n".utf8)
    /// The first byte of a TLS record carrying a handshake message (a ClientHello here).
    static let tlsHandshakeRecord: UInt8 = 0x16

    private let proxy: ProxyContext
    private let intercept: [InterceptPattern]
    private let certificates: InterceptCertificates
    private let timeout: NIOLoopBound<HandshakeTimeoutHandler>
    private var state = State.readingHead
    private var buffered: ByteBuffer?

    init(
        proxy: ProxyContext, intercept: [InterceptPattern], certificates: InterceptCertificates,
        timeout: NIOLoopBound<HandshakeTimeoutHandler>
    ) {
        self.proxy = proxy; self.intercept = intercept; self.certificates = certificates; self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if buffered == nil {
            buffered = incoming
        } else {
            buffered!.writeBuffer(&incoming)
        }
        switch state {
        case .readingHead: readHead(context: context)
        case .awaitingTunnel(let host, let port): startInterceptedTunnel(context: context, host: host, port: port)
        case .connecting, .done: break
        }
    }

    private func intercepts(_ host: String, _ port: Int) -> Bool {
        intercept.contains { $0.matches(host: host, port: port) }
    }

    private func readHead(context: ChannelHandlerContext) {
        guard let buffer = buffered else { return }
        let head: ProxyRequestHead
        switch ProxyRequestHead.parse(buffer.readableBytesView) {
        case .needMore: return
        case .invalid(let refusal): return refuse(context: context, refusal)
        case .head(let parsed): head = parsed
        }
        var rest = buffer
        rest.moveReaderIndex(forwardBy: head.length)
        switch head.destination {
        case .failure(let refusal):
            refuse(context: context, refusal)
        case .success(.tunnel(let host, let port)):
            buffered = rest
            if intercepts(host, port) {
                state = .awaitingTunnel(host: host, port: port)
                context.writeAndFlush(
                    wrapOutboundOut(context.channel.allocator.buffer(bytes: Self.connectionEstablished)), promise: nil)
                startInterceptedTunnel(context: context, host: host, port: port)
            } else {
                tunnel(context: context, host: host, port: port, answerConnect: true)
            }
        case .success(.absolute(let secure, let host, let port, let originForm)):
            var forwarded = context.channel.allocator.buffer(bytes: head.forwardedBytes(originForm: originForm))
            forwarded.writeBuffer(&rest)
            buffered = forwarded
            if secure {
                refuse(context: context, .badRequest("send https:// and wss:// through CONNECT, not as \(head.target)"))
            } else if head.isWebSocketUpgrade && intercepts(host, port) {
                record(context: context, upstream: UpstreamURL(secure: false, host: host, port: port, path: nil), tls: nil)
            } else {
                tunnel(context: context, host: host, port: port, answerConnect: false)
            }
        }
    }

    /// Once the intercepted tunnel's first byte is in: TLS with this host's leaf, or plain.
    private func startInterceptedTunnel(context: ChannelHandlerContext, host: String, port: Int) {
        guard let first = buffered?.readableBytesView.first else { return }
        var tls: NIOSSLContext?
        if first == Self.tlsHandshakeRecord {
            do {
                tls = try certificates.context(for: host)
            } catch {
                proxy.onProblem("cannot issue a certificate for \(host) from \(certificates.authority.certificatePath): \(error)")
                state = .done
                context.close(promise: nil)
                return
            }
        }
        record(context: context, upstream: UpstreamURL(secure: tls != nil, host: host, port: port, path: nil), tls: tls)
    }

    /// The recorded session of reverse mode, towards `upstream`, on this channel.
    private func record(context: ChannelHandlerContext, upstream: UpstreamURL, tls: NIOSSLContext?) {
        state = .done
        do {
            if let tls { try context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
            try RecordingProxy.configureSession(context.channel, upstream: upstream, context: proxy, timeout: timeout)
        } catch {
            proxy.onProblem("cannot set up the session for \(upstream): \(error)")
            context.close(promise: nil)
            return
        }
        handOn(context: context)
    }

    /// A tunnel to a host that is not recorded. A tunnel may stay quiet for as long as it likes,
    /// so the handshake timeouts end here.
    private func tunnel(context: ChannelHandlerContext, host: String, port: Int, answerConnect: Bool) {
        state = .connecting
        WebSocketPipeline.requestComplete(context.channel, timeout)
        let client = context.channel
        // Nothing more is read until the tunnel is there: what waits is the head's read only.
        client.setOption(.autoRead, value: false).whenFailure { _ in client.close(promise: nil) }
        ClientBootstrap(group: context.eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(proxy.configuration.upstreamTimeoutSeconds))
            .connect(host: host, port: port)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .failure(let error):
                    self.refuse(
                        context: context, .badGateway("cannot connect to \(host):\(port): \(ConnectFailure.describe(error))"))
                case .success(let upstream):
                    guard client.isActive else {
                        upstream.close(promise: nil)
                        return
                    }
                    let (clientEnd, upstreamEnd) = TunnelHandler.matchedPair()
                    do {
                        try upstream.pipeline.syncOperations.addHandler(upstreamEnd)
                        try context.pipeline.syncOperations.addHandler(clientEnd)
                    } catch {
                        upstream.close(promise: nil)
                        context.close(promise: nil)
                        return
                    }
                    if answerConnect {
                        context.writeAndFlush(
                            self.wrapOutboundOut(context.channel.allocator.buffer(bytes: Self.connectionEstablished)),
                            promise: nil)
                    }
                    self.state = .done
                    self.handOn(context: context)
                    client.setOption(.autoRead, value: true).whenFailure { _ in client.close(promise: nil) }
                }
            }
    }

    /// Passes what was read past the head to the handlers behind, and leaves.
    private func handOn(context: ChannelHandlerContext) {
        if let rest = buffered, rest.readableBytes > 0 {
            buffered = nil
            context.fireChannelRead(wrapInboundOut(rest))
            // The read that brought these bytes has completed already: flush what they caused.
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func refuse(context: ChannelHandlerContext, _ refusal: ForwardProxyRefusal) {
        state = .done
        buffered = nil
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: refusal.responseBytes)))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
