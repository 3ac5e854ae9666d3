/// Where the bucket goes in a request's address.
public enum S3Addressing: Sendable, Hashable {
    /// `http://endpoint/bucket/key`: what MinIO, moto and most self-hosted endpoints need, and any
    /// bucket name works.
    case pathStyle
    /// `https://bucket.endpoint/key`: AWS's preferred form; the bucket name must be a DNS label
    /// (no dots over https, since the wildcard certificate covers one level only).
    case virtualHosted
}
