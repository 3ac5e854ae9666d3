import Foundation
import NIOCore
import NIOEmbedded
import NIOPosix
import NIOWebSocket
import TapedeckWebSocket
import Testing

@testable import TapedeckProxy

/// The proxy's `FrameRelayHandler` pair on two `EmbeddedChannel`s that share one loop, the app's
/// and the server's, each behind NIO's frame decoder and encoder as the proxy runs them: the bytes
/// one side sends against the bytes the other side gets. No socket, no clock.
@Suite struct FrameRelayChannelTests {
    static let mask: [UInt8] = [0x11, 0x22, 0x33, 0x44]

    /// A frame as the app sends it: masked with `mask` (or not, to break the rule).
    static func appFrame(_ opcode: UInt8, _ payload: [UInt8], masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode, (masked ? 0x80 : 0) | UInt8(payload.count)]
        guard masked else { return bytes + payload }
        bytes += mask
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index % 4]) }
        return bytes
    }

    /// A frame as the server sends it: unmasked.
    static func serverFrame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0x80 | opcode, UInt8(payload.count)] + payload
    }

    /// One proxied session with both sides attached (as after both upgrades), and its writer pool.
    struct Session {
        let app: EmbeddedChannel
        let server: EmbeddedChannel
        let pool: NIOThreadPool
        let folder: String

        init() throws {
            folder = NSTemporaryDirectory() + "tapedeck-relay-channel-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            pool = NIOThreadPool(numberOfThreads: 1)
            pool.start()
            let upstream = UpstreamURL(secure: false, host: "127.0.0.1", port: 1, path: nil)
            let configuration = RecordingProxyConfiguration(
                mode: .reverse(upstream: upstream), outputDirectory: folder, controlPort: nil, closeGraceSeconds: 2)
            let context = ProxyContext(
                configuration: configuration, upstreamTLS: nil, pool: pool, onTapeClosed: { _ in }, onProblem: { _ in })
            let loop = EmbeddedEventLoop()
            let connection = ProxyConnection(id: 1, eventLoop: loop, context: context, upstream: upstream, client: nil)
            app = EmbeddedChannel(loop: loop)
            server = EmbeddedChannel(loop: loop)
            // As the upgrades leave them: towards the server the proxy is a client and masks.
            let encoders: [any ChannelHandler] = [ClientFrameEncoder(), WebSocketFrameEncoder()]
            for (channel, encoder, side) in [(server, encoders[0], RelaySide.server), (app, encoders[1], RelaySide.client)] {
                try channel.pipeline.syncOperations.addHandlers([
                    ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)), encoder,
                    FrameRelayHandler(side: side, connection: connection),
                ])
                try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            }
        }

        /// Everything written to `channel`'s wire so far.
        func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
            var bytes: [UInt8] = []
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
            return bytes
        }

        func finish() async {
            _ = try? app.finish()
            _ = try? server.finish()
            try? await pool.shutdownGracefully()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Runs `body` on a fresh session, and always lets the session go (pool, channels, folder).
    static func withSession(_ body: (Session) throws -> Void) async throws {
        let session = try Session()
        do { try body(session) } catch {
            await session.finish()
            throw error
        }
        await session.finish()
    }

    /// A masked frame's opcode byte, and its payload unmasked.
    static func unmasked(_ bytes: [UInt8]) -> (first: UInt8, payload: [UInt8])? {
        guard bytes.count >= 6, bytes[1] & 0x80 != 0 else { return nil }
        let length = Int(bytes[1] & 0x7F)
        let key = Array(bytes[2..<6])
        guard bytes.count == 6 + length else { return nil }
        return (bytes[0], bytes[6...].enumerated().map { $0.element ^ key[$0.offset % 4] })
    }

    @Test func aServerFrameReachesTheAppByteForByte() async throws {
        try await Self.withSession { session in
            let frame = Self.serverFrame(0x1, Array(#"{"type":"u","message":{}}"#.utf8))
            try session.server.writeInbound(ByteBuffer(bytes: frame))
            #expect(try session.written(session.app) == frame)
            #expect(try session.written(session.server) == [])
        }
    }

    @Test func anAppFrameReachesTheServerMaskedWithTheSamePayload() async throws {
        try await Self.withSession { session in
            try session.app.writeInbound(ByteBuffer(bytes: Self.appFrame(0x2, [0, 1, 254, 255])))
            let sent = try #require(Self.unmasked(try session.written(session.server)))
            #expect(sent.first == 0x82)
            #expect(sent.payload == [0, 1, 254, 255])
            #expect(try session.written(session.app) == [])
        }
    }

    @Test func appFramesOfOddLengthsReachTheServerEachWithAFreshKey() async throws {
        try await Self.withSession { session in
            var keys: [[UInt8]] = []
            for count in [7, 125] {
                let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) }
                try session.app.writeInbound(ByteBuffer(bytes: Self.appFrame(0x2, payload)))
                let bytes = try session.written(session.server)
                let sent = try #require(Self.unmasked(bytes))
                #expect(sent.payload == payload, "\(count) B")
                keys.append(Array(bytes[2..<6]))
            }
            // A fresh key each (a collision has odds of 2^-32), not the app's.
            #expect(keys[0] != keys[1])
            #expect(!keys.contains(Self.mask))
        }
    }

    @Test func aPingIsPassedThroughNotAnswered() async throws {
        try await Self.withSession { session in
            try session.app.writeInbound(ByteBuffer(bytes: Self.appFrame(0x9, Array("hi".utf8))))
            #expect(try session.written(session.app) == [], "the proxy never answers a ping itself")
            let ping = try #require(Self.unmasked(try session.written(session.server)))
            #expect(ping.first == 0x89 && ping.payload == Array("hi".utf8))
            // The server's pong goes back to the app as it was sent.
            try session.server.writeInbound(ByteBuffer(bytes: Self.serverFrame(0xA, Array("hi".utf8))))
            #expect(try session.written(session.app) == [0x8A, 0x02, 0x68, 0x69])
        }
    }

    @Test func theCloseHandshakeCrossesAndBothChannelsClose() async throws {
        try await Self.withSession { session in
            try session.app.writeInbound(ByteBuffer(bytes: Self.appFrame(0x8, [0x03, 0xE8] + Array("bye".utf8))))
            let close = try #require(Self.unmasked(try session.written(session.server)))
            #expect(close.first == 0x88 && close.payload == [0x03, 0xE8] + Array("bye".utf8))
            try session.server.writeInbound(ByteBuffer(bytes: Self.serverFrame(0x8, [0x03, 0xE8])))
            #expect(try session.written(session.app) == [0x88, 0x02, 0x03, 0xE8])
            #expect(!session.app.isActive)
            #expect(!session.server.isActive)
        }
    }

    @Test func anUnmaskedAppFrameIsAProtocolErrorClosedWith1002() async throws {
        try await Self.withSession { session in
            try session.app.writeInbound(ByteBuffer(bytes: Self.appFrame(0x1, Array("x".utf8), masked: false)))
            let toApp = try session.written(session.app)
            #expect(toApp.first == 0x88 && Array(toApp.dropFirst(2).prefix(2)) == [0x03, 0xEA], "a 1002 close: \(toApp)")
            #expect(String(decoding: toApp.dropFirst(4), as: UTF8.self).contains("unmasked"))
            // Nothing of the bad frame reached the server: only the close.
            let toServer = try #require(Self.unmasked(try session.written(session.server)))
            #expect(toServer.first == 0x88)
            #expect(Array(toServer.payload.prefix(2)) == [0x03, 0xEA], "the server hears 1002 too: \(toServer.payload)")
        }
    }
}
