import NIOCore
import NIOWebSocket

/// A received frame's payload, unmasked once: as the bytes the relay machine checks and the tape
/// records, and as the buffer forwarded (masked again, with a fresh key, by NIO's encoder).
/// NIO's `unmaskedData` copies the buffer and unmasks it a byte at a time with a modulo for each
/// (about 24 instructions a byte under callgrind); here the bytes are unmasked while they are copied
/// into the record's array, four at a time with the key's bytes in registers, one byte per load.
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
        let k0 = key[0]
        let k1 = key[1]
        let k2 = key[2]
        let k3 = key[3]
        return data.withUnsafeReadableBytes { source in
            [UInt8](unsafeUninitializedCapacity: source.count) { target, count in
                var index = 0
                while index + 4 <= source.count {
                    target[index] = source[index] ^ k0
                    target[index + 1] = source[index + 1] ^ k1
                    target[index + 2] = source[index + 2] ^ k2
                    target[index + 3] = source[index + 3] ^ k3
                    index += 4
                }
                // The last zero to three bytes: the key's phase is index % 4 = 0 here.
                if index < source.count { target[index] = source[index] ^ k0 }
                if index + 1 < source.count { target[index + 1] = source[index + 1] ^ k1 }
                if index + 2 < source.count { target[index + 2] = source[index + 2] ^ k2 }
                count = source.count
            }
        }
    }
}
