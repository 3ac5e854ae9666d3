import NIOWebSocket

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Masking keys for a client's frames. RFC 6455 5.3 asks for a fresh key per frame that the
/// application cannot predict; drawing each from `SystemRandomNumberGenerator` costs a
/// `getrandom` call per frame on Linux, so the keys come from the system's random source 64 at a
/// time (256 bytes, one `getentropy` call). The bytes never leave the process.
package struct MaskingKeyPool {
    private static let size = 256
    private var bytes: [UInt8] = []
    private var offset = MaskingKeyPool.size

    package init() {}

    package mutating func next() -> WebSocketMaskingKey {
        if offset == Self.size {
            refill()
            offset = 0
        }
        defer { offset += 4 }
        return [bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]]
    }

    private mutating func refill() {
        if bytes.isEmpty { bytes = [UInt8](repeating: 0, count: Self.size) }
        bytes.withUnsafeMutableBytes { buffer in
            // getentropy (glibc 2.25, Darwin, musl) gives up to 256 bytes in one call or fails;
            // should it fail, the standard generator fills the pool a word at a time.
            guard getentropy(buffer.baseAddress!, buffer.count) != 0 else { return }
            var generator = SystemRandomNumberGenerator()
            for index in buffer.indices { buffer[index] = generator.next() }
        }
    }
}
