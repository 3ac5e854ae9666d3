import NIOCore
import NIOWebSocket
import TapedeckCore

/// Writes a client's frames: RFC 6455 5.1, a client masks every frame. NIO's `WebSocketFrameEncoder`
/// masks only frames that carry a key, a byte at a time; here a frame without a key gets a fresh
/// one from a `MaskingKeyPool`, and the payload is masked eight bytes at a time while it is copied
/// behind its header, into one buffer (the caller's buffer is never changed).
package final class ClientFrameEncoder: ChannelOutboundHandler {
    package typealias OutboundIn = WebSocketFrame
    package typealias OutboundOut = ByteBuffer

    private var keys = MaskingKeyPool()

    package init() {}

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        let key = frame.maskKey ?? keys.next()
        let keyBytes = (key[0], key[1], key[2], key[3])
        let extensionLength = frame.extensionData?.readableBytes ?? 0
        let length = extensionLength + frame.data.readableBytes
        var buffer = context.channel.allocator.buffer(capacity: 14 + length)
        writeHeader(of: frame, length: length, key: key, into: &buffer)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { target in
            // Extension data first; the application data continues the key's phase after it.
            if let extensionData = frame.extensionData {
                extensionData.withUnsafeReadableBytes { WebSocketMasking.copy($0, maskedWith: keyBytes, into: target) }
            }
            frame.data.withUnsafeReadableBytes {
                WebSocketMasking.copy(
                    $0, maskedWith: keyBytes, phase: extensionLength & 3,
                    into: UnsafeMutableRawBufferPointer(rebasing: target[extensionLength...]))
            }
            return length
        }
        context.write(wrapOutboundOut(buffer), promise: promise)
    }

    private func writeHeader(of frame: WebSocketFrame, length: Int, key: WebSocketMaskingKey, into buffer: inout ByteBuffer) {
        var first = UInt8(webSocketOpcode: frame.opcode)
        if frame.fin { first |= 0x80 }
        if frame.rsv1 { first |= 0x40 }
        if frame.rsv2 { first |= 0x20 }
        if frame.rsv3 { first |= 0x10 }
        buffer.writeInteger(first)
        switch length {
        case ..<126:
            buffer.writeInteger(0x80 | UInt8(length))
        case ...Int(UInt16.max):
            buffer.writeInteger(UInt8(0x80 | 126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(0x80 | 127))
            buffer.writeInteger(UInt64(length))
        }
        buffer.writeBytes(key)
    }
}

@available(*, unavailable)
extension ClientFrameEncoder: Sendable {}
