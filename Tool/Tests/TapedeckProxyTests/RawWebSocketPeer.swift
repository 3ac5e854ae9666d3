import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import TestSupport

/// A WebSocket endpoint that writes exact bytes and parses what comes back frame by frame, for
/// the conformance table: as a client it does its own handshake over a plain TCP connection; as a
/// server (`RawWebSocketServer`) it sits in front of NIO's upgraded pipeline. It answers pings
/// and close frames as a well-behaved peer does, and closes its socket once the closing
/// handshake is done, so the other side never waits for a grace period.
final class RawWebSocketPeer: Sendable {
    struct Seen: Sendable {
        /// The HTTP response head (client role), once complete.
        var head: String?
        var frames: [WireFrame] = []
        var ended = false
        fileprivate var pending: [UInt8] = []
        /// Bytes after the head that are no whole frame (the body of a refusal, say).
        var unparsed: String { String(decoding: pending, as: UTF8.self) }
        fileprivate var closeSent = false
    }

    let masks: Bool
    let seen = NIOLockedValueBox(Seen())
    private let channelBox = NIOLockedValueBox<Channel?>(nil)
    fileprivate let writer = NIOLockedValueBox<(@Sendable ([UInt8]) -> Void)?>(nil)

    init(masks: Bool) { self.masks = masks }

    /// Connects to `port` and sends an upgrade request for `path` with `key`.
    static func connect(port: Int, path: String, key: String = "dGhlIHNhbXBsZSBub25jZQ==") async throws -> RawWebSocketPeer {
        let peer = RawWebSocketPeer(masks: true)
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        // The request goes out from the event loop as the connection opens: written from this task
        // after `connect` returned, it waited for a pool thread, and with the parallel suite's
        // CPU-bound tests holding both, the server's 5 s idle timeout closed the socket first.
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        RawPeerHandler(peer: peer, awaitingHead: true, opening: Array(request.utf8)))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        peer.attach(channel)
        return peer
    }

    func attach(_ channel: Channel) { channelBox.withLockedValue { $0 = channel } }

    /// The HTTP status of the upgrade answer (waiting as `eventually` does).
    func status() async -> Int? {
        _ = await eventually { seen.withLockedValue { $0.head != nil || $0.ended } }
        guard let head = seen.withLockedValue({ $0.head }) else { return nil }
        return Int(head.split(separator: " ").dropFirst().first ?? "")
    }

    /// Writes frames exactly as given (already encoded).
    func send(_ bytes: [UInt8]) {
        var copy = bytes
        var sendsClose = false
        while let frame = WireFrame.take(from: &copy) { sendsClose = sendsClose || frame.opcode == WireFrame.close }
        if sendsClose { seen.withLockedValue { $0.closeSent = true } }
        // Through the raw handler's own context: on the server side NIO's frame encoder sits behind it.
        writer.withLockedValue { $0 }?(bytes)
    }

    /// Encodes and sends one frame, masked when this peer is a client.
    func send(_ frame: WireFrame) { send(frame.encoded(mask: masks ? [0x37, 0xFA, 0x21, 0x3D] : nil)) }

    /// What the other side answered: its close frame, or the pong to our "probe" ping when it
    /// stayed open; waits until one comes or the connection ends (as `eventually` does).
    func answer() async -> Answer? {
        _ = await eventually { seen.withLockedValue { Answer(from: $0.frames) != nil || $0.ended } }
        return seen.withLockedValue { Answer(from: $0.frames) }
    }

    /// Whether the connection ended (waiting as `eventually` does).
    func ended() async -> Bool {
        await eventually { seen.withLockedValue { $0.ended } }
    }

    func close() {
        channelBox.withLockedValue { $0 }?.close(promise: nil)
    }

    /// Called on the event loop with every inbound byte.
    fileprivate func received(_ bytes: [UInt8], awaitingHead: inout Bool, context: ChannelHandlerContext) {
        var replies: [WireFrame] = []
        var finished = false
        seen.withLockedValue { seen in
            seen.pending += bytes
            if awaitingHead {
                guard let end = seen.pending.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
                seen.head = String(decoding: seen.pending[..<end.lowerBound], as: UTF8.self)
                seen.pending.removeSubrange(..<end.upperBound)
                awaitingHead = false
            }
            // A refusal's body is no frames.
            if let head = seen.head, !head.hasPrefix("HTTP/1.1 101") { return }
            while let frame = WireFrame.take(from: &seen.pending) {
                seen.frames.append(frame)
                if frame.opcode == WireFrame.ping && !seen.closeSent {
                    replies.append(WireFrame(opcode: WireFrame.pong, payload: frame.payload))
                } else if frame.opcode == WireFrame.close {
                    if !seen.closeSent {
                        seen.closeSent = true
                        replies.append(WireFrame(opcode: WireFrame.close, payload: Array(frame.payload.prefix(2))))
                    }
                    finished = true
                }
            }
        }
        for reply in replies {
            context.write(
                NIOAny(context.channel.allocator.buffer(bytes: reply.encoded(mask: masks ? [1, 2, 3, 4] : nil))), promise: nil)
        }
        context.flush()
        if finished { context.close(promise: nil) }
    }

    fileprivate func ended() { seen.withLockedValue { $0.ended = true } }
}

/// What an endpoint did after a conformance case: closed with a code (nil: a close frame without
/// one), or stayed open (it answered the "probe" ping sent after the case).
enum Answer: Equatable, Sendable, CustomStringConvertible {
    case open
    case close(UInt16?)

    static let probe = WireFrame(opcode: WireFrame.ping, payload: Array("probe".utf8))

    /// The first close frame or probe pong among `frames`.
    init?(from frames: [WireFrame]) {
        for frame in frames {
            if frame.opcode == WireFrame.close {
                self = .close(frame.closeCode)
                return
            }
            if frame.opcode == WireFrame.pong && frame.payload == Answer.probe.payload {
                self = .open
                return
            }
        }
        return nil
    }

    var description: String {
        switch self {
        case .open: "stays open"
        case .close(let code?): "close \(code)"
        case .close(nil): "close without a code"
        }
    }
}

private final class RawPeerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let peer: RawWebSocketPeer
    private var awaitingHead: Bool
    private let opening: [UInt8]

    /// `opening`: bytes written as soon as the connection is active.
    init(peer: RawWebSocketPeer, awaitingHead: Bool, opening: [UInt8] = []) {
        self.peer = peer
        self.awaitingHead = awaitingHead
        self.opening = opening
    }

    func channelActive(context: ChannelHandlerContext) {
        if !opening.isEmpty { context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: opening)), promise: nil) }
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        peer.writer.withLockedValue {
            $0 = { bytes in
                eventLoop.execute {
                    let context = bound.value
                    context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
                }
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        peer.received(Array(buffer.readableBytesView), awaitingHead: &awaitingHead, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer.ended()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}

/// A WebSocket server whose every upgraded connection is a `RawWebSocketPeer` (no masking) that
/// first writes `opening`: NIO does the handshake, then raw bytes go both ways.
final class RawWebSocketServer: Sendable {
    let channel: Channel
    private let peers = NIOLockedValueBox<[RawWebSocketPeer]>([])

    init(opening: [UInt8] = []) async throws {
        let peers = self.peers
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 1 << 24, automaticErrorHandling: false,
                        shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                let peer = RawWebSocketPeer(masks: false)
                                peer.attach(channel)
                                peers.withLockedValue { $0.append(peer) }
                                // First in the pipeline: raw bytes in and out, past NIO's frame codec.
                                try channel.pipeline.syncOperations.addHandler(
                                    RawPeerHandler(peer: peer, awaitingHead: false),
                                    position: .first)
                                if !opening.isEmpty { peer.send(opening) }
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    var port: Int { channel.localAddress?.port ?? 0 }

    /// The first connection's peer, once it is upgraded (at most 10 s).
    func firstPeer() async -> RawWebSocketPeer? {
        _ = await eventually(10) { !peers.withLockedValue { $0.isEmpty } }
        return peers.withLockedValue { $0.first }
    }

    func shutdown() async {
        for peer in peers.withLockedValue({ $0 }) { peer.close() }
        try? await channel.close()
    }
}
