import Testing

@testable import TapedeckCore

/// TapedeckCore's SHA-256 and HMAC-SHA256 on the published examples: FIPS 180-4's (via NIST's
/// example values) and RFC 4231's test cases. `HashCrossCheckTests` (TapedeckRedactionTests)
/// compares both with swift-crypto at every length around the block size.
@Suite struct SHA256HasherTests {
    static func hex(_ bytes: [UInt8]) -> String { Hex.lowercase(bytes) }
    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func fipsExamples(message: String, digest: String) {
        #expect(Self.hex(SHA256Hasher.hash(Array(message.utf8))) == digest)
    }

    @Test func aMillionAsInPiecesOfEveryLength() {
        var hasher = SHA256Hasher()
        var given = 0
        var piece = 1
        while given < 1_000_000 {
            let count = min(piece, 1_000_000 - given)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            given += count
            piece = piece % 130 + 1
        }
        #expect(Self.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// RFC 4231 test cases 1, 2, 3, 4 and 6 (a key longer than the block is hashed first).
    @Test(arguments: [
        (
            String(repeating: "0b", count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "4a656665", Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            String(repeating: "aa", count: 20), [UInt8](repeating: 0xdd, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            "0102030405060708090a0b0c0d0e0f10111213141516171819", [UInt8](repeating: 0xcd, count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            String(repeating: "aa", count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func rfc4231(key: String, message: [UInt8], code: String) {
        #expect(Self.hex(HMACSHA256.authenticationCode(for: message, key: Self.bytes(hex: key))) == code)
    }
}
