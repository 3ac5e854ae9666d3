/// What `headObject` tells about an object without its bytes.
public struct S3ObjectInfo: Sendable, Hashable {
    /// The object's size in bytes (its `Content-Length`).
    public var size: Int
    /// The `ETag`, quotes included as S3 sends it; for a single-part upload the MD5 of the bytes.
    public var eTag: String?
    /// The `Content-Type` it was stored with.
    public var contentType: String?
    /// The `Last-Modified` header as sent (an HTTP date).
    public var lastModified: String?

    /// Object information from its parts.
    public init(size: Int, eTag: String?, contentType: String?, lastModified: String?) {
        self.size = size
        self.eTag = eTag
        self.contentType = contentType
        self.lastModified = lastModified
    }
}
