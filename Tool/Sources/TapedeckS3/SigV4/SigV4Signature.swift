/// A signed request's parts: each step SigV4 defines (so a test can check each against AWS's
/// suite) and the headers to send.
public struct SigV4Signature: Sendable, Hashable {
    /// Step 1: method, encoded path, sorted query, canonical headers, signed header names, payload hash.
    public var canonicalRequest: String
    /// Step 2: `AWS4-HMAC-SHA256`, the timestamp, the credential scope, the canonical request's SHA-256.
    public var stringToSign: String
    /// Step 3: the HMAC-SHA256 of the string to sign under the derived key, lowercase hex.
    public var signature: String
    /// The `Authorization` header's value.
    public var authorization: String
    /// The request's headers to send, in order: the ones given, then the ones the signer set
    /// (`x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token` where it set them), then `Authorization`.
    public var headers: [SigV4Field]
}
