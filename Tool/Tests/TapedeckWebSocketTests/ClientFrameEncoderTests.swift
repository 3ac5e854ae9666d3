import NIOCore
import NIOEmbedded
import NIOWebSocket
import TestSupport
import Testing

@testable import TapedeckWebSocket

/// `ClientFrameEncoder` writes what NIO's encoder writes for a frame with the same key, byte for
/// byte, at every header form; a frame without a key gets a fresh one and is masked with it.
@Suite(.cpuBound) struct ClientFrameEncoderTests {
    /// Bytes that differ at every position, so a key byte applied at the wrong place shows.
    static func payload(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }

    /// Everything `encoder` writes for `frame`, as one array.
    static func encoded(_ frame: WebSocketFrame, by encoder: any ChannelHandler) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: encoder)
        defer { _ = try? channel.finish() }
        try channel.writeOutbound(frame)
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    @Test(arguments: [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 125, 126, 127, 400, 65535, 65536, 70001])
    func writesWhatNIOWritesForTheSameKey(_ count: Int) throws {
        let key: WebSocketMaskingKey = [0x0A, 0xF1, 0x5C, 0x80]
        for (fin, opcode) in [(true, WebSocketOpcode.text), (false, .binary), (true, .continuation), (true, .ping)] {
            // The payload behind bytes already read, as a slice of a received buffer starts.
            var data = ByteBuffer(bytes: [0xEE, 0xEE, 0xEE] + Self.payload(count))
            data.moveReaderIndex(forwardBy: 3)
            let frame = WebSocketFrame(fin: fin, opcode: opcode, maskKey: key, data: data)
            #expect(
                try Self.encoded(frame, by: ClientFrameEncoder()) == Self.encoded(frame, by: WebSocketFrameEncoder()),
                "\(count) B \(opcode)")
            // The caller's buffer is left as it was.
            #expect(Array(frame.data.readableBytesView) == Self.payload(count))
        }
    }

    @Test(arguments: [0, 1, 2, 3, 5])
    func extensionDataAndReservedBitsAreWrittenAsNIOWritesThem(_ extensionCount: Int) throws {
        var frame = WebSocketFrame(
            fin: true, rsv1: true, rsv3: true, opcode: .binary, maskKey: [1, 2, 3, 4],
            data: ByteBuffer(bytes: Self.payload(21)), extensionData: ByteBuffer(bytes: Self.payload(extensionCount).reversed()))
        #expect(try Self.encoded(frame, by: ClientFrameEncoder()) == Self.encoded(frame, by: WebSocketFrameEncoder()))
        frame.rsv2 = true
        #expect(try Self.encoded(frame, by: ClientFrameEncoder()) == Self.encoded(frame, by: WebSocketFrameEncoder()))
    }

    @Test func aFrameWithoutAKeyIsMaskedWithAFreshOne() throws {
        let channel = EmbeddedChannel(handler: ClientFrameEncoder())
        defer { _ = try? channel.finish() }
        var keys: Set<[UInt8]> = []
        // More frames than one refill of the pool holds (64 keys).
        for index in 0..<200 {
            let payload = Self.payload(index % 40)
            try channel.writeOutbound(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: payload)))
            let bytes = try #require(try channel.readOutbound(as: ByteBuffer.self)).readableBytesView.map { $0 }
            #expect(bytes[0] == 0x81 && bytes[1] == 0x80 | UInt8(payload.count), "the mask bit is set")
            let key = Array(bytes[2..<6])
            keys.insert(key)
            let unmasked = bytes[6...].enumerated().map { $0.element ^ key[$0.offset % 4] }
            #expect(unmasked == payload)
        }
        // 200 draws of 32 bits: a repeat has odds of about 5 in a million.
        #expect(keys.count == 200)
    }
}
