import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import TapedeckWebSocket

/// `WebSocketMessageAggregator` on an `EmbeddedChannel` as the reference server runs it (behind
/// NIO's frame decoder and encoder), byte for byte: what the client's bytes give the next handler,
/// and the exact bytes written back. No socket, no clock: the channel is driven by hand.
@Suite struct WebSocketAggregatorChannelTests {
    static let mask: [UInt8] = [0x11, 0x22, 0x33, 0x44]

    /// A frame as a client sends it: masked with `mask`.
    static func clientFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        precondition(payload.count < 126)
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode, (masked ? 0x80 : 0) | UInt8(payload.count)]
        guard masked else { return bytes + payload }
        bytes += mask
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index % 4]) }
        return bytes
    }

    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([
            ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 64)), WebSocketFrameEncoder(),
            WebSocketMessageAggregator(maxMessageBytes: 64, isClient: false),
        ])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    static func send(_ bytes: [UInt8], to channel: EmbeddedChannel) throws {
        try channel.writeInbound(ByteBuffer(bytes: bytes))
    }

    /// Everything written to the wire so far, as one byte string.
    static func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    @Test func aFragmentedTextArrivesAsOneMessage() throws {
        let channel = try Self.channel()
        try Self.send(Self.clientFrame(0x1, Array("hel".utf8), fin: false), to: channel)
        #expect(try channel.readInbound(as: WebSocketMessage.self) == nil)
        try Self.send(Self.clientFrame(0x0, Array("lo".utf8)), to: channel)
        #expect(try channel.readInbound(as: WebSocketMessage.self) == .text(Array("hello".utf8)))
        #expect(try Self.written(channel) == [])
        _ = try? channel.finish()
    }

    @Test func aPingIsAnsweredWithAnUnmaskedPongOfTheSameBytes() throws {
        let channel = try Self.channel()
        try Self.send(Self.clientFrame(0x9, Array("hi".utf8)), to: channel)
        #expect(try Self.written(channel) == [0x8A, 0x02, 0x68, 0x69])
        _ = try? channel.finish()
    }

    @Test func aCloseIsEchoedAndTheChannelClosesAfterTheWrite() throws {
        let channel = try Self.channel()
        try Self.send(Self.clientFrame(0x8, [0x03, 0xE8] + Array("bye".utf8)), to: channel)
        #expect(try Self.written(channel) == [0x88, 0x02, 0x03, 0xE8])
        #expect(!channel.isActive)
    }

    @Test func anUnmaskedFrameGets1002AndTheConnectionWaitsForTheAnswer() throws {
        let channel = try Self.channel()
        try Self.send(Self.clientFrame(0x1, Array("x".utf8), masked: false), to: channel)
        let reason = Array("client sent an unmasked frame".utf8)
        #expect(try Self.written(channel) == [0x88, UInt8(2 + reason.count), 0x03, 0xEA] + reason)
        #expect(channel.isActive, "kept open so the client reads the code")
        // Nothing may follow the close frame; the client's answer ends the connection.
        #expect(throws: ChannelError.outputClosed) {
            try channel.writeOutbound(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: "late")))
        }
        try Self.send(Self.clientFrame(0x8, [0x03, 0xEA]), to: channel)
        #expect(!channel.isActive)
    }

    @Test func invalidUTF8TextGets1007() throws {
        let channel = try Self.channel()
        try Self.send(Self.clientFrame(0x1, [0x61, 0xFF]), to: channel)
        let reason = Array("client sent a text message that is not valid UTF-8".utf8)
        #expect(try Self.written(channel) == [0x88, UInt8(2 + reason.count), 0x03, 0xEF] + reason)
        #expect(try channel.readInbound(as: WebSocketMessage.self) == nil)
        _ = try? channel.finish()
    }

    @Test func aFrameOverTheLimitGets1009FromTheDecodersError() throws {
        let channel = try Self.channel()
        // A 200-byte frame header against a 64-byte limit: NIO's decoder refuses it.
        try? Self.send([0x81, 0xFE, 0x00, 0xC8] + Self.mask, to: channel)
        let reason = Array("client sent a frame over 64 bytes".utf8)
        #expect(try Self.written(channel) == [0x88, UInt8(2 + reason.count), 0x03, 0xF1] + reason)
        _ = try? channel.finish()
    }

    @Test func aCloseRequestWithACodeThatMayNotTravelSendsAnEmptyClose() throws {
        let channel = try Self.channel()
        channel.pipeline.triggerUserOutboundEvent(WebSocketCloseRequest(code: 1005), promise: nil)
        #expect(try Self.written(channel) == [0x88, 0x00])
        _ = try? channel.finish()
    }
}
