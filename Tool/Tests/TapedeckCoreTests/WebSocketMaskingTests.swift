import TestSupport
import Testing

@testable import TapedeckCore

/// `WebSocketMasking.copy` XORs as the byte-at-a-time definition does (RFC 6455 5.3) at every
/// length around its eight-byte steps, every phase and every alignment of either buffer; the
/// buffers are exactly as long as the payload, so `make sanitize` sees any access past them.
@Suite(.cpuBound) struct WebSocketMaskingTests {
    static let key: WebSocketMasking.Key = (0x9A, 0x3C, 0x57, 0xE1)
    static let keyBytes: [UInt8] = [0x9A, 0x3C, 0x57, 0xE1]

    /// Bytes that differ at every position, so a key byte applied at the wrong place shows.
    static func payload(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }

    @Test(arguments: 0...3)
    func masksLikeTheDefinition(_ phase: Int) {
        for count in Array(0...41) + [400, 16384] {
            for offset in 0..<8 {
                // The payload behind `offset` bytes, so the eight-byte loads start unaligned.
                let source = [UInt8](repeating: 0xEE, count: offset) + Self.payload(count)
                var target = [UInt8](repeating: 0, count: count)
                source.withUnsafeBytes { source in
                    target.withUnsafeMutableBytes {
                        WebSocketMasking.copy(
                            UnsafeRawBufferPointer(rebasing: source[offset...]), maskedWith: Self.key, phase: phase, into: $0)
                    }
                }
                let expected = Self.payload(count).enumerated().map { $0.element ^ Self.keyBytes[($0.offset + phase) % 4] }
                #expect(target == expected, "\(count) B at offset \(offset), phase \(phase)")
            }
        }
    }

    @Test func maskingTwiceGivesTheBytesBack() {
        let payload = Self.payload(403)
        var masked = [UInt8](repeating: 0, count: payload.count)
        var unmasked = masked
        payload.withUnsafeBytes { source in
            masked.withUnsafeMutableBytes { WebSocketMasking.copy(source, maskedWith: Self.key, into: $0) }
        }
        masked.withUnsafeBytes { source in
            unmasked.withUnsafeMutableBytes { WebSocketMasking.copy(source, maskedWith: Self.key, into: $0) }
        }
        #expect(masked != payload)
        #expect(unmasked == payload)
    }
}
