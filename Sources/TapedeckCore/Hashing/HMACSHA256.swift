/// HMAC-SHA256 (RFC 2104) on `SHA256Hasher`: the redaction tokens' keyed hash. `SHA256HasherTests`
/// checks it against RFC 4231's test cases and against swift-crypto.
public enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key` (any length; longer than the
    /// 64-byte block, it is hashed first, as RFC 2104 says).
    ///
    /// - Parameters:
    ///   - message: The bytes to authenticate.
    ///   - key: The secret key.
    /// - Returns: The code, 32 bytes.
    public static func authenticationCode(for message: some Sequence<UInt8>, key: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? SHA256Hasher.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256Hasher()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256Hasher()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }
}
