import NIOCore
import NIOWebSocket
import TapedeckCore

/// A received frame's payload, unmasked once: as the bytes the relay machine checks and the tape
/// records, and as the buffer forwarded (masked again, with a fresh key, by `ClientFrameEncoder`).
/// NIO's `unmaskedData` copies the buffer and unmasks it a byte at a time with a modulo for each
/// (about 24 instructions a byte under callgrind); here the bytes are unmasked eight at a time
/// while they are copied into the record's array (`WebSocketMasking`).
enum FramePayload {
    static func unmasked(_ frame: WebSocketFrame) -> (bytes: [UInt8], buffer: ByteBuffer) {
        // Extension data shifts the key's phase; the proxy negotiates no extension, so NIO's
        // general path is only the fallback.
        guard let key = frame.maskKey, frame.extensionData == nil else {
            let data = frame.unmaskedData
            return (data.withUnsafeReadableBytes { Array($0) }, data)
        }
        let bytes = unmasked(frame.data, key: key)
        return (bytes, ByteBuffer(bytes: bytes))
    }

    /// `data`'s readable bytes XORed with `key` from its first byte (RFC 6455 5.3).
    static func unmasked(_ data: ByteBuffer, key: WebSocketMaskingKey) -> [UInt8] {
        data.withUnsafeReadableBytes { source in
            [UInt8](unsafeUninitializedCapacity: source.count) { target, count in
                WebSocketMasking.copy(
                    source, maskedWith: (key[0], key[1], key[2], key[3]), into: UnsafeMutableRawBufferPointer(target))
                count = source.count
            }
        }
    }
}
