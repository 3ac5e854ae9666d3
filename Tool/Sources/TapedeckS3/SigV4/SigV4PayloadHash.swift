import Crypto

/// The last line of the canonical request and, for S3, the `x-amz-content-sha256` header: the
/// lowercase hex SHA-256 of the body, or `UNSIGNED-PAYLOAD` when the body is left out of the signature.
public struct SigV4PayloadHash: Sendable, Hashable, CustomStringConvertible {
    /// The text as it goes into the canonical request.
    public let text: String

    /// The hash of `bytes` (the whole body).
    public init(bytes: some Sequence<UInt8>) {
        text = Hex.lowercase(SHA256.hash(data: Array(bytes)))
    }

    /// The hash of an empty body (GET, HEAD, DELETE): `e3b0c442…b855`.
    public static let empty = SigV4PayloadHash(bytes: [])

    /// `UNSIGNED-PAYLOAD`: the signature does not cover the body (S3 accepts it, over TLS above all).
    public static let unsigned = SigV4PayloadHash(text: "UNSIGNED-PAYLOAD")

    private init(text: String) { self.text = text }

    /// The text as it goes into the canonical request.
    public var description: String { text }
}
