import NIOCore
import NIOWebSocket
import Testing

@testable import TapedeckProxy

/// `FramePayload` unmasks as NIO's `webSocketUnmask` does, byte for byte, at every length around
/// its four-byte steps and wherever the payload starts in its buffer.
@Suite struct FramePayloadTests {
    static let keys: [WebSocketMaskingKey] = [[0x11, 0x22, 0x33, 0x44], [0xFF, 0x00, 0x80, 0x01], [0, 0, 0, 0]]

    /// Bytes that differ at every position, so a key byte applied at the wrong place shows.
    static func payload(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }

    @Test(arguments: 0...41)
    func unmasksLikeNIO(_ count: Int) {
        for key in Self.keys {
            for offset in 0..<8 {
                // The payload behind `offset` bytes already read, as a decoder's slice starts.
                var buffer = ByteBuffer(bytes: [UInt8](repeating: 0xAA, count: offset) + Self.payload(count))
                buffer.moveReaderIndex(forwardBy: offset)
                var expected = buffer
                expected.webSocketUnmask(key)
                #expect(FramePayload.unmasked(buffer, key: key) == Array(expected.readableBytesView), "\(count) B at \(offset)")
            }
        }
    }

    @Test func aMaskedFrameGivesTheSameBytesTwice() {
        let key: WebSocketMaskingKey = [0x0A, 0x0B, 0x0C, 0x0D]
        var masked = ByteBuffer(bytes: Self.payload(403))
        masked.webSocketMask(key)
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: key, data: masked)
        let (bytes, buffer) = FramePayload.unmasked(frame)
        #expect(bytes == Self.payload(403))
        #expect(Array(buffer.readableBytesView) == Self.payload(403))
    }

    @Test func anUnmaskedFrameIsPassedAsItCame() {
        let frame = WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: Self.payload(9)))
        let (bytes, buffer) = FramePayload.unmasked(frame)
        #expect(bytes == Self.payload(9))
        #expect(buffer == frame.data)
    }

    @Test func extensionDataKeepsTheKeysPhase() {
        // No extension is negotiated by the proxy; NIO's path then shifts the key by its length.
        let key: WebSocketMaskingKey = [1, 2, 3, 4]
        var frame = WebSocketFrame(fin: true, opcode: .binary, maskKey: key, data: ByteBuffer(bytes: Self.payload(10)))
        frame.extensionData = ByteBuffer(bytes: [9, 9, 9])
        let (bytes, _) = FramePayload.unmasked(frame)
        #expect(bytes == Array(frame.unmaskedData.readableBytesView))
        #expect(bytes != FramePayload.unmasked(frame.data, key: key))
    }
}
