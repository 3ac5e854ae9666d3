import Crypto
import TapedeckCore
import Testing

/// The runtime's own SHA-256 and HMAC-SHA256 (TapedeckCore) give swift-crypto's bytes at every
/// length from 0 to 300 (around the 64-byte block and the 56-byte padding boundary), for keys
/// shorter, as long as and longer than the block, and fed in pieces.
@Suite struct HashCrossCheckTests {
    static func message(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test func sha256AtEveryLength() {
        for count in 0...300 {
            let message = Self.message(count)
            #expect(SHA256Hasher.hash(message) == Array(SHA256.hash(data: message)), "length \(count)")
            var pieces = SHA256Hasher()
            for start in stride(from: 0, to: count, by: 7) { pieces.update(message[start..<min(start + 7, count)]) }
            #expect(pieces.finalize() == Array(SHA256.hash(data: message)), "length \(count) in pieces of 7")
        }
    }

    @Test(arguments: [0, 1, 32, 63, 64, 65, 200])
    func hmacAtEveryLength(keyLength: Int) {
        let key = Self.message(keyLength).map { $0 ^ 0xA5 }
        for count in 0...150 {
            let message = Self.message(count)
            let expected = Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
            #expect(HMACSHA256.authenticationCode(for: message, key: key) == expected, "key \(keyLength), length \(count)")
        }
    }
}
