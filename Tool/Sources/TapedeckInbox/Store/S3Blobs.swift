import TapedeckS3

/// Tapes in an S3 bucket (AWS S3, MinIO, R2 and the like): what several collectors and workers
/// share. A put is one `PutObject`, which S3 stores whole or not at all.
package struct S3Blobs: TapeBlobs {
    private let client: S3Client
    private let bucket: String

    package init(client: S3Client, bucket: String) {
        self.client = client
        self.bucket = bucket
    }

    package var location: String { "s3://\(bucket)/" }

    package func put(_ key: String, bytes: [UInt8]) async throws(InboxError) {
        do { try await client.putObject(key: key, bytes: bytes, contentType: UploadIntake.contentType) } catch {
            throw InboxError("cannot store \(location)\(key): \(error)")
        }
    }

    package func get(_ key: String) async throws(InboxError) -> [UInt8]? {
        do { return try await client.getObject(key: key) } catch {
            throw InboxError("cannot read \(location)\(key): \(error)")
        }
    }
}
