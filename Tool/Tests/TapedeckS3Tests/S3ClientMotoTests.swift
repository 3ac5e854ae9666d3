import Foundation
import NIOSSL
import TapedeckS3
import TestSupport
import Testing

/// The client against a real S3 endpoint, moto's server mode, which verifies every signature
/// (MotoServer): buckets, binary round trips, missing keys, and the errors a wrong secret, an
/// unknown key or a missing bucket give.
@Suite(.ownThread, .tags(.integration)) struct S3ClientMotoTests {
    /// Runs `body` with a fresh moto (https with MotoServer.testCertificate when `tls`) and a client
    /// for `bucket` on it with the credentials `credentials` picks, and stops moto afterwards.
    func withMoto(
        bucket: String = "tapedeck-tests", tls: Bool = false, trustingTestCertificate: Bool = true,
        credentials: (MotoServer) -> AWSCredentials = {
            AWSCredentials(accessKeyID: $0.accessKeyID, secretAccessKey: $0.secretAccessKey)
        },
        _ body: (S3Client, MotoServer) async throws -> Void
    ) async throws {
        // The process's shared server for http; its own for https (stopped at the end).
        let server = tls ? try await MotoServer.start(tls: MotoServer.testCertificate) : try await MotoServer.shared()
        do {
            var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
            if trustingTestCertificate {
                tlsConfiguration.trustRoots = .file(MotoServer.testCertificate.certificate)
            }
            let client = try S3Client(
                configuration: S3Configuration(
                    endpoint: server.endpoint, region: server.region, bucket: bucket, credentials: credentials(server)),
                tlsConfiguration: tlsConfiguration)
            try await body(client, server)
        } catch {
            if tls { await server.stop() }
            throw error
        }
        if tls { await server.stop() }
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

    /// One client shared by 32 concurrent tasks (as collectors share theirs): each object comes
    /// back with its own bytes.
    @Test func oneClientServesConcurrentCalls() async throws {
        try await withMoto { client, _ in
            try await client.createBucket()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<32 {
                    group.addTask {
                        let bytes = [UInt8](repeating: UInt8(index), count: 1000 + index)
                        try await client.putObject(key: "concurrent/\(index).tape", bytes: bytes)
                        #expect(try await client.getObject(key: "concurrent/\(index).tape") == bytes)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await client.headObject(key: "concurrent/31.tape")?.size == 1031)
        }
    }

    /// Outside us-east-1 the bucket is created with its LocationConstraint, and requests are
    /// signed for that region.
    @Test func aBucketInAnotherRegion() async throws {
        try await withMoto { client, server in
            let frankfurt = try S3Client(
                configuration: S3Configuration(
                    endpoint: server.endpoint, region: "eu-central-1", bucket: "tapedeck-frankfurt",
                    credentials: client.configuration.credentials))
            try await frankfurt.createBucket()
            try await frankfurt.createBucket()
            try await frankfurt.putObject(key: "r.tape", bytes: [42])
            #expect(try await frankfurt.getObject(key: "r.tape") == [42])
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
        let wrongSecret = { (server: MotoServer) in
            AWSCredentials(accessKeyID: server.accessKeyID, secretAccessKey: "not-the-secret")
        }
        try await withMoto(credentials: wrongSecret) { client, server in
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
        let unknownKey = { (server: MotoServer) in
            AWSCredentials(accessKeyID: "AKIAUNKNOWNKEY000000", secretAccessKey: server.secretAccessKey)
        }
        try await withMoto(credentials: unknownKey) { client, _ in
            let error = try await #require(throws: S3Error.self) { try await client.createBucket() }
            #expect(error.code == "InvalidAccessKeyId")
            #expect(error.advice.contains("AWS_ACCESS_KEY_ID"))
        }
    }

    /// A client whose limit is 1,000 bytes refuses to get a 5,000-byte object and to put 1,001 bytes.
    @Test func objectsOverTheLimitAreRefusedBothWays() async throws {
        try await withMoto { client, server in
            try await client.createBucket()
            try await client.putObject(key: "big.bin", bytes: [UInt8](repeating: 7, count: 5000))
            let limited = try S3Client(
                configuration: S3Configuration(
                    endpoint: server.endpoint, region: server.region, bucket: "tapedeck-tests",
                    credentials: client.configuration.credentials, maximumObjectBytes: 1000))
            let error = try await #require(throws: S3Error.self) { try await limited.getObject(key: "big.bin") }
            #expect(error.reason == .responseTooLarge(limit: 1000))
            #expect(try await limited.headObject(key: "big.bin")?.size == 5000)
            let tooBig = try await #require(throws: S3Error.self) {
                try await limited.putObject(key: "bigger.bin", bytes: [UInt8](repeating: 7, count: 1001))
            }
            #expect(tooBig.reason == .requestTooLarge(size: 1001, limit: 1000))
            #expect(try await client.headObject(key: "bigger.bin") == nil)
        }
    }

    /// Temporary credentials: the session token is sent and signed (moto checks it against the
    /// role session's), and a wrong one is InvalidToken.
    @Test func temporaryCredentialsWithASessionTokenWork() async throws {
        let temporary = { (server: MotoServer) in
            AWSCredentials(
                accessKeyID: server.temporaryCredentials.accessKeyID,
                secretAccessKey: server.temporaryCredentials.secretAccessKey,
                sessionToken: server.temporaryCredentials.sessionToken)
        }
        try await withMoto(credentials: temporary) { client, server in
            #expect(server.temporaryCredentials.accessKeyID.hasPrefix("ASIA"))
            try await client.createBucket()
            try await client.putObject(key: "reports/with-token.tape", bytes: [0, 1, 2, 255])
            #expect(try await client.getObject(key: "reports/with-token.tape") == [0, 1, 2, 255])
        }
        let wrongToken = { (server: MotoServer) in
            var credentials = temporary(server)
            credentials.sessionToken = "not-the-token"
            return credentials
        }
        try await withMoto(credentials: wrongToken) { client, _ in
            let error = try await #require(throws: S3Error.self) { try await client.createBucket() }
            #expect(error.code == "InvalidToken")
            #expect(error.advice.contains("AWS_SESSION_TOKEN"))
        }
    }

    /// https: the same round trip over TLS (NIOSSL) with the test certificate trusted; without it
    /// the handshake fails and the error says what to trust.
    @Test func httpsEndpointsWorkWhenTheirCertificateIsTrusted() async throws {
        try await withMoto(tls: true) { client, server in
            #expect(server.endpoint.hasPrefix("https://127.0.0.1:"))
            try await client.createBucket()
            let bytes = (0...255).map { UInt8($0) }
            try await client.putObject(key: "over/tls.bin", bytes: bytes)
            #expect(try await client.getObject(key: "over/tls.bin") == bytes)
        }
        try await withMoto(tls: true, trustingTestCertificate: false) { client, _ in
            let error = try await #require(throws: S3Error.self) { try await client.createBucket() }
            guard case .tlsFailed(let detail) = error.reason else {
                Issue.record("expected a TLS failure, got \(error.reason)")
                return
            }
            #expect(detail.lowercased().contains("certificate"))
            #expect(error.advice.contains("tlsConfiguration"))
        }
    }
}
