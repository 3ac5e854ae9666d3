import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix
import NIOSSL
import Testing

@testable import TapedeckProxy
@testable import TapedeckWebSocket

/// `ForwardProxyHandler` on an `EmbeddedChannel`, byte for byte: what it answers a `CONNECT`, what
/// the connection becomes once the tunnel's first byte is in, and its refusals.
@Suite struct ForwardProxyHandlerTests {
    final class Fixture {
        let channel = EmbeddedChannel()
        let folder = NSTemporaryDirectory() + "tapedeck-forward-handler-" + UUID().uuidString
        let pool = NIOThreadPool(numberOfThreads: 1)

        /// `resolved` stands for the system's lookup: what each host name resolves to.
        init(resolved: [String: String] = ["lichun.app": "192.0.2.10"], passThrough: [InterceptPattern] = []) throws {
            pool.start()
            let authority = try LocalCertificateAuthority.loadOrCreate(in: folder + "/tls", now: Date()).authority
            let configuration = RecordingProxyConfiguration(
                mode: .forward(intercept: [InterceptPattern(host: "lichun.app", port: 443)], authority: authority),
                outputDirectory: folder, controlPort: nil)
            let context = ProxyContext(
                configuration: configuration, upstreamTLS: nil, pool: pool, onTapeClosed: { _ in }, onProblem: { _ in })
            let timeout = try WebSocketPipeline.addHandshakeTimeout(channel, limits: ConnectionLimits())
            try channel.pipeline.syncOperations.addHandler(
                ForwardProxyHandler(
                    proxy: context,
                    destinations: DestinationPolicy(
                        intercept: [InterceptPattern(host: "lichun.app", port: 443)], passThrough: passThrough),
                    certificates: context.interceptCertificates!, timeout: timeout, clientRefusal: nil,
                    resolve: { host, port, eventLoop in
                        eventLoop.makeCompletedFuture {
                            guard let address = resolved[host] else {
                                throw HostResolver.Failure(description: "cannot resolve the host name \(host)")
                            }
                            return [try SocketAddress(ipAddress: address, port: port)]
                        }
                    }))
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        }

        func send(_ text: String) throws {
            try channel.writeInbound(channel.allocator.buffer(string: text))
        }

        func send(_ bytes: [UInt8]) throws {
            try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        }

        /// Everything written to the client so far.
        func written() throws -> String {
            var text = ""
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
            return text
        }

        func has<Handler: ChannelHandler>(_ type: Handler.Type) -> Bool {
            (try? channel.pipeline.syncOperations.handler(type: type)) != nil
        }

        deinit {
            _ = try? channel.finish()
            try? pool.syncShutdownGracefully()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test func anInterceptedCONNECTIsAnsweredThenPlainBytesBecomeTheRecordedSessionsHTTP() throws {
        let fixture = try Fixture()
        try fixture.send("CONNECT lichun.app:443 HTTP/1.1\r\nHost: lichun.app:443\r\n\r\n")
        #expect(try fixture.written() == "HTTP/1.1 200 Connection Established\r\n\r\n")
        #expect(fixture.has(ForwardProxyHandler.self), "it waits for the tunnel's first byte")
        try fixture.send("GE")
        #expect(!fixture.has(ForwardProxyHandler.self))
        #expect(!fixture.has(NIOSSLServerHandler.self))
        #expect(fixture.has(ByteToMessageHandler<HTTPRequestDecoder>.self))
        #expect(fixture.channel.isActive)
    }

    @Test func anInterceptedTunnelStartingWithATLSRecordGetsTheHostsCertificate() throws {
        let fixture = try Fixture()
        // The CONNECT and the start of a ClientHello in one read, as a fast client sends them.
        try fixture.send(Array("CONNECT lichun.app:443 HTTP/1.1\r\n\r\n".utf8) + [0x16, 0x03, 0x01])
        #expect(try fixture.written() == "HTTP/1.1 200 Connection Established\r\n\r\n")
        #expect(!fixture.has(ForwardProxyHandler.self))
        #expect(fixture.has(NIOSSLServerHandler.self))
        #expect(fixture.has(ByteToMessageHandler<HTTPRequestDecoder>.self))
    }

    @Test func aRequestThatIsNotForAProxyIsRefusedAndClosed() throws {
        let fixture = try Fixture()
        try fixture.send("GET /wss/ HTTP/1.1\r\nHost: lichun.app\r\n\r\n")
        let refusal = ForwardProxyRefusal.badRequest(
            "this is Tapedeck's forward proxy: set it as the app's HTTP proxy (it then sends CONNECT or absolute URLs), "
                + "or record with --mode reverse --upstream URL to take /wss/ directly")
        #expect(try fixture.written() == String(decoding: refusal.responseBytes, as: UTF8.self))
        fixture.channel.embeddedEventLoop.run()
        #expect(!fixture.channel.isActive)
    }

    @Test func aHostNotInterceptedIsRefusedWithA403NamingPassThroughBeforeAnyLookup() throws {
        let fixture = try Fixture(resolved: [:])
        try fixture.send("CONNECT cdn.example.com:443 HTTP/1.1\r\n\r\n")
        let refusal = ForwardProxyRefusal.forbidden(
            "cdn.example.com:443 is not intercepted, and other hosts are refused unless passed through: record with "
                + "--pass-through cdn.example.com to tunnel it untouched and unrecorded (or --pass-through '*' for every host)")
        #expect(try fixture.written() == String(decoding: refusal.responseBytes, as: UTF8.self))
        fixture.channel.embeddedEventLoop.run()
        #expect(!fixture.channel.isActive)
    }

    @Test func anInterceptedNameThatResolvesToLoopbackIsRefused() throws {
        let fixture = try Fixture(resolved: ["lichun.app": "127.0.0.1"])
        try fixture.send("CONNECT lichun.app:443 HTTP/1.1\r\n\r\n")
        let written = try fixture.written()
        #expect(written.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(written)")
        #expect(written.contains("lichun.app:443 (127.0.0.1) is a loopback address"), "\(written)")
        fixture.channel.embeddedEventLoop.run()
        #expect(!fixture.channel.isActive)
    }

    @Test func aLeafNamesExactlyItsHostsByNameAndAddress() throws {
        let fixture = try Fixture()
        let authority = try LocalCertificateAuthority.loadOrCreate(in: fixture.folder + "/tls", now: Date()).authority
        let leaf = try authority.issueLeaf(for: ["lichun.app", "127.0.0.1", "::1"], now: Date())
        let path = fixture.folder + "/leaf.pem"
        try LocalCertificateAuthority.write(leaf.certificatePEM, to: path, secret: false)
        #expect(LocalCertificateAuthority.names(inCertificateAt: path) == ["lichun.app", "127.0.0.1", "::1"])
        #expect(LocalCertificateAuthority.names(inCertificateAt: fixture.folder + "/missing.pem") == nil)
    }
}
