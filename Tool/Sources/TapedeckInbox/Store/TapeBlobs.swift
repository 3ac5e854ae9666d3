/// Where the inbox keeps tapes: a folder (`FolderBlobs`) or an S3 bucket (`S3Blobs`). Keys are
/// relative paths such as `reports/0123456789abcdef.tape`; a put replaces whole or not at all.
package protocol TapeBlobs: Sendable {
    /// Stores `bytes` under `key`, replacing what was there.
    func put(_ key: String, bytes: [UInt8]) async throws(InboxError)
    /// The bytes under `key`; nil when there are none.
    func get(_ key: String) async throws(InboxError) -> [UInt8]?
    /// Where the tapes are, for messages: a folder's path or `s3://bucket/`.
    var location: String { get }
}

/// The largest tape the inbox stores or reads back (the collector's limit is lower).
package let largestStoredTape = 1 << 30
