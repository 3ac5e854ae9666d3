import Foundation
import TapedeckS3
import TestSupport
import Testing

/// The client against a real S3 endpoint, moto's server mode, which verifies every signature
/// (MotoServer): buckets, binary round trips, missing keys, and the errors a wrong secret, an
/// unknown key or a missing bucket give.
@Suite(.tags(.integration)) struct S3ClientMotoTests {
    /// Runs `body` with a fresh moto and a client for `bucket` on it, and stops moto afterwards.
    func withMoto(
        bucket: String = "tapedeck-tests", accessKeyID: String? = nil, secret: String? = nil,
        maximumObjectBytes: Int = 256 << 20,
        _ body: (S3Client, MotoServer) async throws -> Void
    ) async throws {
        let server = try await MotoServer.start()
        do {
            let client = try S3Client(
                configuration: S3Configuration(
                    endpoint: server.endpoint, region: server.region, bucket: bucket,
                    credentials: AWSCredentials(
                        accessKeyID: accessKeyID ?? server.accessKeyID, secretAccessKey: secret ?? server.secretAccessKey),
                    maximumObjectBytes: maximumObjectBytes))
            try await body(client, server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func putGetHeadDeleteRoundTripsBinaryObjects() async throws {
        try await withMoto { client, _ in
            try await client.createBucket()
            try await client.createBucket() // already owned by us: fine

            let everyByte = (0...255).map { UInt8($0) }
            let eTag = try await client.putObject(key: "bytes/every-value.bin", bytes: everyByte)
            #expect(eTag == "\"e2c865db4162bed963bfaa9ef6ac18f0\"") // md5sum of bytes 0...255
            #expect(try await client.getObject(key: "bytes/every-value.bin") == everyByte)

            var generator = SystemRandomNumberGenerator()
            let fiveMiB = (0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try await client.putObject(key: "tapes/5MiB.tape", bytes: fiveMiB, contentType: "application/vnd.tapedeck.tape")
            #expect(try await client.getObject(key: "tapes/5MiB.tape") == fiveMiB)
            let info = try #require(try await client.headObject(key: "tapes/5MiB.tape"))
            #expect(info.size == 5 << 20)
            #expect(info.contentType == "application/vnd.tapedeck.tape")
            #expect(info.lastModified != nil)

            try await client.deleteObject(key: "tapes/5MiB.tape")
            #expect(try await client.getObject(key: "tapes/5MiB.tape") == nil)
            #expect(try await client.headObject(key: "tapes/5MiB.tape") == nil)
            try await client.deleteObject(key: "tapes/5MiB.tape") // deleting what is gone succeeds
            #expect(try await client.headObject(key: "bytes/every-value.bin")?.size == 256)
        }
    }

    @Test func aMissingKeyIsNilAndAMissingBucketIsAnError() async throws {
        try await withMoto { client, _ in
            try await client.createBucket()
            #expect(try await client.getObject(key: "never/written.tape") == nil)
            #expect(try await client.headObject(key: "never/written.tape") == nil)
        }
        try await withMoto(bucket: "no-such-bucket-here") { client, _ in
            let error = try await #require(throws: S3Error.self) { try await client.getObject(key: "a.tape") }
            #expect(error.statusCode == 404)
            #expect(error.code == "NoSuchBucket")
            #expect(error.description.contains("s3://no-such-bucket-here/a.tape"))
            #expect(error.advice.contains("createBucket"))
        }
    }

    @Test func aWrongSecretIsSignatureDoesNotMatch() async throws {
        try await withMoto(secret: "not-the-secret") { client, server in
            let error = try await #require(throws: S3Error.self) {
                try await client.putObject(key: "reports/1.tape", bytes: [1, 2, 3])
            }
            #expect(error.statusCode == 403)
            #expect(error.code == "SignatureDoesNotMatch")
            #expect(error.message?.contains("signature") == true)
            #expect(error.operation == "PutObject" && error.bucket == "tapedeck-tests" && error.key == "reports/1.tape")
            #expect(error.description.contains("AWS_SECRET_ACCESS_KEY"))
            #expect(!error.description.contains(server.secretAccessKey))
            #expect(!error.description.contains("not-the-secret"))
        }
    }

    @Test func anUnknownAccessKeyIsInvalidAccessKeyId() async throws {
        try await withMoto(accessKeyID: "AKIAUNKNOWNKEY000000") { client, _ in
            let error = try await #require(throws: S3Error.self) { try await client.createBucket() }
            #expect(error.code == "InvalidAccessKeyId")
            #expect(error.advice.contains("AWS_ACCESS_KEY_ID"))
        }
    }

    @Test func anObjectOverTheLimitFailsTheGet() async throws {
        try await withMoto(maximumObjectBytes: 1000) { client, _ in
            try await client.createBucket()
            try await client.putObject(key: "big.bin", bytes: [UInt8](repeating: 7, count: 5000))
            let error = try await #require(throws: S3Error.self) { try await client.getObject(key: "big.bin") }
            #expect(error.reason == .responseTooLarge(limit: 1000))
            #expect(try await client.headObject(key: "big.bin")?.size == 5000)
        }
    }
}
