import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A small S3 client for one bucket: put, get, head and delete whole objects held in memory, and
/// create the bucket. Works with AWS S3, MinIO, R2 and moto; signs every request with SigV4 and the
/// payload's SHA-256. One connection per request (`Connection: close`); async, and safe to share.
public struct S3Client: Sendable {
    /// What the client talks to and with which credentials.
    public let configuration: S3Configuration
    private let transport: S3Transport
    private let signer: SigV4Signer
    private let now: @Sendable () -> Date

    /// A client for `configuration` on `eventLoopGroup`. `tlsConfiguration` is used for https
    /// endpoints (the default checks certificates against the system's roots). `now` is the clock
    /// requests are signed with. Throws when NIOSSL cannot make a TLS context from `tlsConfiguration`.
    public init(
        configuration: S3Configuration,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        tlsConfiguration: TLSConfiguration = .makeClientConfiguration(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.configuration = configuration
        self.now = now
        signer = SigV4Signer.s3(credentials: configuration.credentials, region: configuration.region)
        transport = S3Transport(
            group: eventLoopGroup,
            tls: configuration.endpoint.usesTLS ? try NIOSSLContext(configuration: tlsConfiguration) : nil,
            connectTimeout: .nanoseconds(Self.nanoseconds(configuration.connectTimeout)),
            responseTimeout: .nanoseconds(Self.nanoseconds(configuration.responseTimeout)),
            maximumResponseBytes: configuration.maximumObjectBytes)
    }

    /// Stores `bytes` under `key`, replacing what was there, and returns the ETag S3 answered (empty
    /// when it sent none). Throws `S3Error` for more bytes than `maximumObjectBytes` (what the client
    /// could not read back), any status but 200, and a connection failure.
    @discardableResult
    public func putObject(key: String, bytes: [UInt8], contentType: String = "application/octet-stream") async throws
        -> String
    {
        guard bytes.count <= configuration.maximumObjectBytes else {
            throw S3Error(
                operation: "PutObject", bucket: configuration.bucket, key: key, endpoint: "\(configuration.endpoint)",
                reason: .requestTooLarge(size: bytes.count, limit: configuration.maximumObjectBytes))
        }
        let response = try await send("PutObject", .PUT, key: key, body: bytes, contentType: contentType)
        guard response.status == 200 else { throw failure("PutObject", key: key, response) }
        return response.headers.first(name: "etag") ?? ""
    }

    /// The bytes stored under `key`, or nil when there is no such key (404 `NoSuchKey`). Throws
    /// `S3Error` for a missing bucket (404 `NoSuchBucket`), any other error status (a 404 without
    /// `NoSuchKey` is not S3 saying the key is missing), a connection failure, or an object larger
    /// than `maximumObjectBytes`.
    public func getObject(key: String) async throws -> [UInt8]? {
        let response = try await send("GetObject", .GET, key: key)
        if response.status == 404, S3ErrorDocument(body: response.body).code == "NoSuchKey" { return nil }
        guard response.status == 200 else { throw failure("GetObject", key: key, response) }
        return response.body
    }

    /// The size, ETag and type of the object under `key`, or nil on 404 (a HEAD response has no
    /// body, so a missing bucket reads as a missing key too). Throws `S3Error` for any other error
    /// status or a connection failure.
    public func headObject(key: String) async throws -> S3ObjectInfo? {
        let response = try await send("HeadObject", .HEAD, key: key)
        if response.status == 404 { return nil }
        guard response.status == 200 else { throw failure("HeadObject", key: key, response) }
        return S3ObjectInfo(
            size: response.headers.first(name: "content-length").flatMap(Int.init) ?? 0,
            eTag: response.headers.first(name: "etag"),
            contentType: response.headers.first(name: "content-type"),
            lastModified: response.headers.first(name: "last-modified"))
    }

    /// Deletes the object under `key`; deleting a key that is not there succeeds too (S3 answers
    /// 204 either way). Throws `S3Error` for an error status or a connection failure.
    public func deleteObject(key: String) async throws {
        let response = try await send("DeleteObject", .DELETE, key: key)
        guard response.status == 204 || response.status == 200 else { throw failure("DeleteObject", key: key, response) }
    }

    /// Creates the configured bucket in the configured region; a bucket this account already owns
    /// counts as created (`BucketAlreadyOwnedByYou`). Throws `S3Error` when the name is taken by
    /// another account (`BucketAlreadyExists`), for any other error status, or a connection failure.
    public func createBucket() async throws {
        // us-east-1 is the default location and must not be named; every other region must be.
        let body =
            configuration.region == "us-east-1"
            ? []
            : Array(
                "<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><LocationConstraint>\(configuration.region)</LocationConstraint></CreateBucketConfiguration>"
                    .utf8)
        let response = try await send(
            "CreateBucket", .PUT, key: nil, body: body, contentType: body.isEmpty ? nil : "application/xml")
        if response.status == 200 { return }
        if response.status == 409, S3ErrorDocument(body: response.body).code == "BucketAlreadyOwnedByYou" { return }
        throw failure("CreateBucket", key: nil, response)
    }

    /// Signs and sends one request for `key` (nil: the bucket itself) and returns the whole response.
    private func send(
        _ operation: String, _ method: HTTPMethod, key: String?, body: [UInt8] = [], contentType: String? = nil
    ) async throws -> S3HTTPResponse {
        let bucket = configuration.bucket
        if let key, key.isEmpty || key.utf8.count > 1024 {
            throw S3Error(
                operation: operation, bucket: bucket, key: key, endpoint: "\(configuration.endpoint)", reason: .invalidKey)
        }
        guard let time = SigV4Timestamp(now()) else {
            throw S3Error(
                operation: operation, bucket: bucket, key: key, endpoint: "\(configuration.endpoint)", reason: .clockOutOfRange)
        }
        let endpoint = configuration.endpoint
        let host: String
        let path: String
        switch configuration.addressing {
        case .pathStyle:
            host = endpoint.host
            path = "/\(bucket)" + (key.map { "/\($0)" } ?? "")
        case .virtualHosted:
            host = "\(bucket).\(endpoint.host)"
            path = "/" + (key ?? "")
        }
        var signedHeaders = [SigV4Field("Host", endpoint.hostHeader(for: host))]
        if let contentType { signedHeaders.append(SigV4Field("Content-Type", contentType)) }
        let signature = signer.sign(
            SigV4Request(method: method.rawValue, path: path, headers: signedHeaders), at: time,
            payload: SigV4PayloadHash(bytes: body))

        var headers = HTTPHeaders(signature.headers.map { ($0.name, $0.value) })
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Connection", value: "close")
        headers.add(name: "User-Agent", value: "tapedeck-s3")
        let head = HTTPRequestHead(
            version: .http1_1, method: method, uri: AWSURIEncoding.encodePath(path), headers: headers)
        do {
            return try await transport.exchange(host: host, port: endpoint.port, head: head, body: body)
        } catch let failure as S3TransportFailure {
            throw S3Error(operation: operation, bucket: bucket, key: key, endpoint: "\(endpoint)", reason: Self.reason(failure))
        }
    }

    /// The error of an error response: S3's code and message, or when the body is not S3's XML
    /// (a proxy's page, say), its first 200 characters as the message.
    private func failure(_ operation: String, key: String?, _ response: S3HTTPResponse) -> S3Error {
        let document = S3ErrorDocument(body: response.body)
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return S3Error(
            operation: operation, bucket: configuration.bucket, key: key, endpoint: "\(configuration.endpoint)",
            reason: .service(
                status: response.status, code: document.code,
                message: document.message ?? (document.code == nil && !text.isEmpty ? text : nil)))
    }

    private static func reason(_ failure: S3TransportFailure) -> S3Error.Reason {
        switch failure {
        case .connectTimeout(let seconds): .connectTimeout(seconds: seconds)
        case .connectionFailed(let detail): .connectionFailed(detail)
        case .responseTimeout(let seconds): .responseTimeout(seconds: seconds)
        case .responseTooLarge(let limit): .responseTooLarge(limit: limit)
        case .tlsFailed(let detail): .tlsFailed(detail)
        case .connectionLost(let detail): .connectionLost(detail)
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
