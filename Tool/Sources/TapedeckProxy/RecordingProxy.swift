import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import TapedeckWebSocket

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recording proxy: the app connects here (ws or wss), every connection is forwarded to the
/// upstream server and recorded into a tape in the output folder, its own or its app session's
/// (`TapeGrouping`, docs/RECORDING.md).
package final class RecordingProxy: Sendable {
    package let configuration: RecordingProxyConfiguration
    /// The bound address of the WebSocket listener (the real port when 0 was asked for).
    package let localAddress: SocketAddress
    /// The bound address of the control endpoint, when there is one.
    package let controlAddress: SocketAddress?
    private let serverChannel: Channel
    private let controlChannel: Channel?
    private let group: MultiThreadedEventLoopGroup
    private let context: ProxyContext
    private let flushTimer: RepeatedTask

    private init(
        configuration: RecordingProxyConfiguration, serverChannel: Channel, controlChannel: Channel?,
        group: MultiThreadedEventLoopGroup, context: ProxyContext, flushTimer: RepeatedTask
    ) {
        self.configuration = configuration
        self.serverChannel = serverChannel
        self.controlChannel = controlChannel
        self.group = group
        self.context = context
        self.flushTimer = flushTimer
        localAddress = serverChannel.localAddress!
        controlAddress = controlChannel?.localAddress
    }

    /// Reverse mode: `ws://127.0.0.1:PORT` (or `wss://`), where the app should connect. Forward
    /// mode: `http://127.0.0.1:PORT`, the HTTP proxy to set on the app's device.
    package var url: String {
        if case .forward = configuration.mode { return "http://\(Self.hostPort(localAddress))" }
        let scheme = configuration.tlsCertificatePath == nil ? "ws" : "wss"
        return "\(scheme)://\(Self.hostPort(localAddress))"
    }

    package var port: Int { localAddress.port ?? 0 }

    static func hostPort(_ address: SocketAddress) -> String {
        let host = address.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "?"
        return "\(host):\(address.port ?? 0)"
    }

    /// Starts listening. `onTapeClosed` runs on a writer thread after each tape is closed (the
    /// CLI adds it to the catalog there); `onProblem` reports write failures.
    package static func start(
        _ configuration: RecordingProxyConfiguration,
        onTapeClosed: @escaping @Sendable (RecordedTape) -> Void = { _ in },
        onProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> RecordingProxy {
        let serverTLS = try TLSFiles.serverContext(
            certificatePath: configuration.tlsCertificatePath, keyPath: configuration.tlsKeyPath)
        let upstreamTLS = try makeUpstreamTLS(configuration)
        try OutputFolder.prepare(configuration.outputDirectory)
        let pool = NIOThreadPool(numberOfThreads: max(1, configuration.writerThreads))
        pool.start()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.eventLoopThreads))
        let context = ProxyContext(
            configuration: configuration, upstreamTLS: upstreamTLS, pool: pool,
            onTapeClosed: onTapeClosed, onProblem: onProblem)
        let gate = ConnectionGate(limits: configuration.limits, name: "tapedeck record")
        let bootstrap = WebSocketListener.bootstrap(group: group, backlog: 1024) { channel in
            try configureClient(channel, context: context, gate: gate, tls: serverTLS)
        }
        // Accepting starts once the proxy knows its own ports (`DestinationPolicy`).
        .serverChannelOption(.autoRead, value: false)
        do {
            let serverChannel = try await bootstrap.bind(host: configuration.listenHost, port: configuration.listenPort).get()
            context.listenAddress = hostPort(serverChannel.localAddress!)
            var controlChannel: Channel?
            if let controlPort = configuration.controlPort {
                controlChannel = try await ServerBootstrap(group: group)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                            try channel.pipeline.syncOperations.addHandler(ProxyControlHandler(context: context))
                        }
                    }
                    .bind(host: configuration.controlHost, port: controlPort).get()
            }
            context.ownPorts = Set([serverChannel.localAddress?.port, controlChannel?.localAddress?.port].compactMap { $0 })
            try await serverChannel.setOption(.autoRead, value: true).get()
            let flushTimer = group.next().scheduleRepeatedTask(
                initialDelay: .nanoseconds(configuration.flushTick), delay: .nanoseconds(configuration.flushTick)
            ) { _ in
                for recorder in context.recorders { recorder.tick() }
            }
            return RecordingProxy(
                configuration: configuration, serverChannel: serverChannel, controlChannel: controlChannel,
                group: group, context: context, flushTimer: flushTimer)
        } catch {
            try? await group.shutdownGracefully()
            try? await pool.shutdownGracefully()
            throw error
        }
    }

    private static func configureClient(
        _ channel: Channel, context: ProxyContext, gate: ConnectionGate,
        tls: NIOSSLContext?
    ) throws {
        let pipeline = channel.pipeline.syncOperations
        guard gate.admit(channel) else {
            try WebSocketPipeline.configureRefusal(channel, gate: gate, tls: tls)
            return
        }
        let timeout = try WebSocketPipeline.addHandshakeTimeout(channel, limits: gate.limits)
        switch context.configuration.mode {
        case .reverse(let upstream):
            if let tls { try pipeline.addHandler(NIOSSLServerHandler(context: tls)) }
            try configureSession(channel, upstream: upstream, context: context, timeout: timeout)
        case .forward:
            // ProxyContext makes the certificate cache and the policy whenever the mode is forward.
            let clientRefusal = AddressRange.refusal(
                forClient: channel.remoteAddress, allowed: context.configuration.allowedClients)
            if let clientRefusal { context.onProblem("refused a client: \(clientRefusal)") }
            try pipeline.addHandler(
                ForwardProxyHandler(
                    proxy: context, destinations: context.destinations!, certificates: context.interceptCertificates!,
                    timeout: timeout, clientRefusal: clientRefusal))
        }
    }

    /// A recorded session on `channel` from the app's upgrade request on: the HTTP server with
    /// the WebSocket upgrade, a `ProxyConnection` towards `upstream`, and the refusal answers.
    /// Reverse mode sets it up at the accept, forward mode once it knows the host.
    static func configureSession(
        _ channel: Channel, upstream: UpstreamURL, context: ProxyContext, timeout: NIOLoopBound<HandshakeTimeoutHandler>
    ) throws {
        let connection = ProxyConnection(
            id: context.nextConnectionID(), eventLoop: channel.eventLoop, context: context, upstream: upstream,
            client: channel.remoteAddress)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: context.configuration.maxMessageBytes, automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                WebSocketPipeline.requestComplete(channel, timeout)
                return connection.upgrade(request: head, clientChannel: channel)
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FrameRelayHandler(side: .client, connection: connection))
                }
            })
        try WebSocketPipeline.addHTTPServer(channel, upgrader: upgrader, fallback: UpstreamRefusalHandler(connection: connection))
    }

    /// Drops a marker named `name` into every open tape; returns how many.
    @discardableResult
    package func mark(_ name: String) -> Int {
        context.tapes.mark(name)
    }

    package func statistics() -> RecordingStatistics {
        context.statistics()
    }

    /// Stops accepting, sends 1001 to both sides of every session, waits for the closing
    /// handshakes (bounded by the grace period), closes every tape and stops the threads.
    package func shutdown() async throws {
        try? await serverChannel.close()
        try? await controlChannel?.close()
        // Sessions waiting for a reconnect close now, and the others as soon as they end.
        context.tapes.endIdleTapes()
        for connection in context.registry.all {
            connection.eventLoop.execute { connection.shutDown() }
        }
        let eventLoop = group.next()
        let context = self.context
        let deadline = eventLoop.scheduleTask(in: .seconds(configuration.closeGraceSeconds + 2)) {
            for connection in context.registry.all {
                connection.eventLoop.execute { connection.forceClose() }
            }
        }
        try? await context.whenAllTapesClosed(on: eventLoop).get()
        deadline.cancel()
        let flushTimer = self.flushTimer
        try? await eventLoop.submit { flushTimer.cancel() }.get()
        try await group.shutdownGracefully()
        try await context.pool.shutdownGracefully()
    }

    /// For a wss:// upstream, and in forward mode for intercepted hosts that speak TLS.
    private static func makeUpstreamTLS(_ configuration: RecordingProxyConfiguration) throws -> NIOSSLContext? {
        if case .reverse(let upstream) = configuration.mode, !upstream.secure { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let ca = configuration.upstreamCAPath {
            do {
                tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMFile(ca))]
            } catch {
                throw RecordingProxyError.unreadableCA(path: ca, reason: "\(error)")
            }
        }
        if configuration.upstreamInsecure { tls.certificateVerification = .none }
        return try NIOSSLContext(configuration: tls)
    }
}

package enum RecordingProxyError: Error, Sendable, CustomStringConvertible {
    case unreadableCA(path: String, reason: String)
    case cannotCreateDirectory(path: String, reason: String)
    case notAFolder(path: String)
    case notWritable(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadableCA(let path, let reason):
            "cannot load the CA file \(path) (\(reason)): it must be a readable PEM file with one or more certificates"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the output folder \(path) (\(reason)): check the path and permissions"
        case .notAFolder(let path):
            "the output folder \(path) is a file, not a folder: give --out a folder (it is created if missing)"
        case .notWritable(let path, let reason):
            "cannot write tapes to the output folder \(path) (\(reason)): give --out a folder you can write to"
        }
    }
}
