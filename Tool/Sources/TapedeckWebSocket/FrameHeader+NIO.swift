import NIOCore
import NIOWebSocket

extension FrameHeader {
    /// The header of a frame NIO decoded.
    @inlinable @inline(__always)
    package init(_ frame: WebSocketFrame) {
        self.init(
            fin: frame.fin, opcode: FrameOpcode(number: UInt8(truncatingIfNeeded: Int(webSocketOpcode: frame.opcode))),
            isMasked: frame.maskKey != nil, hasReservedBits: frame.rsv1 || frame.rsv2 || frame.rsv3)
    }
}

extension FrameDecodeError {
    /// The frame NIO's decoder refused.
    package init(_ error: NIOWebSocketError) {
        self =
            switch error {
            case .invalidFrameLength: .frameTooLarge
            case .fragmentedControlFrame: .fragmentedControlFrame
            case .multiByteControlFrameLength: .longControlFrame
            }
    }
}

extension WebSocketFrame {
    /// A close frame with `payload` (`WebSocketPeerMachine.closePayload`), masked when `masked`.
    package static func close(payload: [UInt8], masked: Bool) -> WebSocketFrame {
        var buffer = ByteBufferAllocator().buffer(capacity: payload.count)
        buffer.writeBytes(payload)
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: masked ? .random() : nil, data: buffer)
    }
}
