import NIOCore
import NIOPosix
import NIOSSL
import TapedeckWebSocket

/// The first handler of a connection to the forward proxy (`record --mode forward`): reads the
/// first request head from the raw bytes and decides what the connection becomes.
///
/// First `DestinationPolicy` says whether the host is served at all (403 otherwise), its name is
/// resolved once and the addresses judged (403 for loopback, link-local, unspecified, the proxy's
/// own ports); a client outside `--allow-clients` gets a 403 whatever it asks. Then:
/// - `CONNECT` to an intercepted host: answered 200, then TLS (when the tunnel starts with a TLS
///   record) with a leaf for that host from the local CA, then the same recorded session as
///   reverse mode, towards that host.
/// - A `ws://` upgrade as an absolute URL to an intercepted host: that recorded session, plain.
/// - Anything else (`CONNECT` or an absolute `http://` request to an intercepted or passed-through
///   host): a byte tunnel to the host, not recorded; an absolute request is sent on in origin form.
///
/// Then the handler leaves the pipeline and hands on what it read past the head.
final class ForwardProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case readingHead
        /// Looking the host up; nothing more is read meanwhile.
        case resolving
        /// An intercepted `CONNECT` was answered: the tunnel's first byte says TLS or not.
        case awaitingTunnel(UpstreamURL)
        /// Connecting to a host that is not intercepted; what the client sends meanwhile waits.
        case connecting
        case done
    }

    static let connectionEstablished = Array("HTTP/1.1 200 Connection Established\r\n\r\n".utf8)
    /// The first byte of a TLS record carrying a handshake message (a ClientHello here).
    static let tlsHandshakeRecord: UInt8 = 0x16

    private let proxy: ProxyContext
    private let destinations: DestinationPolicy
    private let certificates: InterceptCertificates
    private let timeout: NIOLoopBound<HandshakeTimeoutHandler>
    /// Set for a client outside `--allow-clients`: whatever it asks is answered with this.
    private let clientRefusal: ForwardProxyRefusal?
    private let resolve: HostResolver.Function
    private var state = State.readingHead
    private var buffered: ByteBuffer?

    init(
        proxy: ProxyContext, destinations: DestinationPolicy, certificates: InterceptCertificates,
        timeout: NIOLoopBound<HandshakeTimeoutHandler>, clientRefusal: ForwardProxyRefusal?,
        resolve: @escaping HostResolver.Function = HostResolver.resolve
    ) {
        self.proxy = proxy
        self.destinations = destinations
        self.certificates = certificates
        self.timeout = timeout
        self.clientRefusal = clientRefusal
        self.resolve = resolve
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
        case .awaitingTunnel(let upstream): startInterceptedTunnel(context: context, upstream: upstream)
        case .resolving, .connecting, .done: break
        }
    }

    private func readHead(context: ChannelHandlerContext) {
        guard let buffer = buffered else { return }
        let head: ProxyRequestHead
        switch ProxyRequestHead.parse(buffer.readableBytesView) {
        case .needMore: return
        case .invalid(let refusal): return refuse(context: context, refusal)
        case .head(let parsed): head = parsed
        }
        if let clientRefusal { return refuse(context: context, clientRefusal) }
        var rest = buffer
        rest.moveReaderIndex(forwardBy: head.length)
        switch head.destination {
        case .failure(let refusal):
            refuse(context: context, refusal)
        case .success(.tunnel(let host, let port)):
            buffered = rest
            serve(context: context, host: host, port: port, isConnect: true, isUpgrade: false)
        case .success(.absolute(let secure, let host, let port, let originForm)):
            var forwarded = context.channel.allocator.buffer(bytes: head.forwardedBytes(originForm: originForm))
            forwarded.writeBuffer(&rest)
            buffered = forwarded
            if secure {
                refuse(context: context, .badRequest("send https:// and wss:// through CONNECT, not as \(head.target)"))
            } else {
                serve(context: context, host: host, port: port, isConnect: false, isUpgrade: head.isWebSocketUpgrade)
            }
        }
    }

    /// Refuses what the policy does not serve; else resolves the host, judges its addresses and
    /// goes on to a recorded session or a tunnel, towards exactly those addresses.
    private func serve(context: ChannelHandlerContext, host: String, port: Int, isConnect: Bool, isUpgrade: Bool) {
        let route: DestinationPolicy.Route
        switch destinations.route(host: host, port: port) {
        case .failure(let refusal): return refuse(context: context, refusal)
        case .success(let served): route = served
        }
        state = .resolving
        let client = context.channel
        // What the client sends meanwhile waits in the socket, not here.
        client.setOption(.autoRead, value: false).whenFailure { _ in client.close(promise: nil) }
        let ownPorts = proxy.ownPorts
        resolve(host, port, context.eventLoop).assumeIsolated().whenComplete { result in
            // The handshake timeout may have closed the connection during the lookup.
            guard client.isActive else { return }
            let addresses: [SocketAddress]
            switch result {
            case .failure(let error): return self.refuse(context: context, .badGateway("\(error)"))
            case .success(let found): addresses = found
            }
            if let refusal = self.destinations.refusal(
                host: host, port: port, addresses: addresses, loopbackAllowed: route == .intercepted(loopbackAllowed: true),
                ownPorts: ownPorts, localAddresses: DestinationPolicy.interfaceAddresses)
            {
                return self.refuse(context: context, refusal)
            }
            let upstream = UpstreamURL(secure: false, host: host, port: port, path: nil, addresses: addresses)
            switch route {
            case .intercepted where isConnect:
                self.state = .awaitingTunnel(upstream)
                context.writeAndFlush(
                    self.wrapOutboundOut(context.channel.allocator.buffer(bytes: Self.connectionEstablished)), promise: nil)
                client.setOption(.autoRead, value: true).whenFailure { _ in client.close(promise: nil) }
                self.startInterceptedTunnel(context: context, upstream: upstream)
            case .intercepted where isUpgrade:
                self.record(context: context, upstream: upstream, tls: nil)
                client.setOption(.autoRead, value: true).whenFailure { _ in client.close(promise: nil) }
            default:
                self.tunnel(context: context, upstream: upstream, answerConnect: isConnect)
            }
        }
    }

    /// Once the intercepted tunnel's first byte is in: TLS with this host's leaf, or plain.
    private func startInterceptedTunnel(context: ChannelHandlerContext, upstream: UpstreamURL) {
        guard let first = buffered?.readableBytesView.first else { return }
        var tls: NIOSSLContext?
        if first == Self.tlsHandshakeRecord {
            do {
                tls = try certificates.context(for: upstream.host)
            } catch {
                proxy.onProblem(
                    "cannot issue a certificate for \(upstream.host) from \(certificates.authority.certificatePath): \(error)")
                state = .done
                context.close(promise: nil)
                return
            }
        }
        var session = upstream
        session.secure = tls != nil
        record(context: context, upstream: session, tls: tls)
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
    private func tunnel(context: ChannelHandlerContext, upstream: UpstreamURL, answerConnect: Bool) {
        state = .connecting
        WebSocketPipeline.requestComplete(context.channel, timeout)
        let client = context.channel
        // Nothing more is read until the tunnel is there (reading stopped for the lookup).
        ClientBootstrap(group: context.eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(proxy.configuration.upstreamTimeoutSeconds))
            .connect(to: upstream)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .failure(let error):
                    let shown = HostAndPort.shown(host: upstream.host, port: upstream.port)
                    self.refuse(context: context, .badGateway("cannot connect to \(shown): \(ConnectFailure.describe(error))"))
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
