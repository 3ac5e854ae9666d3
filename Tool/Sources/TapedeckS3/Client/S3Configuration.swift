import Foundation

/// Where and how the client talks to a bucket: endpoint, region, bucket, credentials, addressing,
/// timeouts and the largest object it accepts. Every part is checked when it is made, so a client
/// with a configuration never sends a request built from a value out of range.
public struct S3Configuration: Sendable, CustomStringConvertible {
    /// The service's address, e.g. `http://127.0.0.1:9000` (MinIO) or `https://s3.us-east-1.amazonaws.com`.
    public let endpoint: S3Endpoint
    /// The region requests are signed for, e.g. `us-east-1` (MinIO's and moto's default).
    public let region: String
    /// The bucket every call of the client works in.
    public let bucket: String
    /// The keys requests are signed with.
    public let credentials: AWSCredentials
    /// Path style (`endpoint/bucket/key`) or virtual-hosted (`bucket.endpoint/key`).
    public let addressing: S3Addressing
    /// How long the TCP connection may take to open.
    public let connectTimeout: Duration
    /// How long a request may take once connected: the TLS handshake (https), sending the body and
    /// receiving the whole response.
    public let responseTimeout: Duration
    /// The largest response body the client keeps in memory (a `getObject`); more fails the call.
    public let maximumObjectBytes: Int

    /// The range `connectTimeout` must be in.
    public static let connectTimeoutRange: ClosedRange<Duration> = .milliseconds(10) ... .seconds(300)
    /// The range `responseTimeout` must be in.
    public static let responseTimeoutRange: ClosedRange<Duration> = .milliseconds(10) ... .seconds(3600)
    /// The range `maximumObjectBytes` must be in: up to 1 GiB, since objects are held in memory.
    public static let maximumObjectBytesRange: ClosedRange<Int> = 1...(1 << 30)

    /// A configuration from its parts. Throws `S3ConfigurationError` for an endpoint that is not
    /// `http(s)://host[:port]`, a region that is not like `us-east-1`, a bucket name S3 would refuse
    /// (3...63 lowercase letters, digits, `.` and `-`; a DNS label for virtual-hosted addressing), an
    /// address literal as the endpoint of virtual-hosted addressing, or a timeout or size outside its range.
    public init(
        endpoint: String, region: String, bucket: String, credentials: AWSCredentials,
        addressing: S3Addressing = .pathStyle, connectTimeout: Duration = .seconds(10),
        responseTimeout: Duration = .seconds(120), maximumObjectBytes: Int = 256 << 20
    ) throws {
        self.endpoint = try S3Endpoint(endpoint)
        guard !region.isEmpty, region.utf8.count <= 64,
            region.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
        else { throw S3ConfigurationError.invalidRegion(region) }
        try Self.checkBucketName(bucket, addressing: addressing)
        if addressing == .virtualHosted, S3Transport.isAddressLiteral(self.endpoint.host) {
            throw S3ConfigurationError.invalidEndpoint(
                endpoint, "virtual-hosted addressing puts the bucket in the host name: give a DNS name, or use path style")
        }
        guard Self.connectTimeoutRange.contains(connectTimeout) else {
            throw S3ConfigurationError.outOfRange("the connect timeout", value: "\(connectTimeout)", allowed: "10 ms...300 s")
        }
        guard Self.responseTimeoutRange.contains(responseTimeout) else {
            throw S3ConfigurationError.outOfRange("the response timeout", value: "\(responseTimeout)", allowed: "10 ms...3600 s")
        }
        guard Self.maximumObjectBytesRange.contains(maximumObjectBytes) else {
            throw S3ConfigurationError.outOfRange(
                "the maximum object size", value: "\(maximumObjectBytes) bytes", allowed: "1...\(1 << 30) bytes")
        }
        self.region = region
        self.bucket = bucket
        self.credentials = credentials
        self.addressing = addressing
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.maximumObjectBytes = maximumObjectBytes
    }

    /// A configuration from the standard AWS environment variables: `AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` (optional), `AWS_REGION` (else
    /// `AWS_DEFAULT_REGION`), and the endpoint from `endpoint`, else `AWS_ENDPOINT_URL_S3`, else
    /// `AWS_ENDPOINT_URL`, else AWS's own `https://s3.<region>.amazonaws.com`. Throws
    /// `S3ConfigurationError.missingEnvironmentVariable` for a missing key or region, and what
    /// `init` throws for the values.
    public static func fromEnvironment(
        bucket: String, endpoint: String? = nil, addressing: S3Addressing = .pathStyle,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> S3Configuration {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let accessKeyID = value("AWS_ACCESS_KEY_ID") else {
            throw S3ConfigurationError.missingEnvironmentVariable("AWS_ACCESS_KEY_ID")
        }
        guard let secret = value("AWS_SECRET_ACCESS_KEY") else {
            throw S3ConfigurationError.missingEnvironmentVariable("AWS_SECRET_ACCESS_KEY")
        }
        guard let region = value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") else {
            throw S3ConfigurationError.missingEnvironmentVariable("AWS_REGION")
        }
        let url =
            endpoint ?? value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL") ?? "https://s3.\(region).amazonaws.com"
        return try S3Configuration(
            endpoint: url, region: region, bucket: bucket,
            credentials: AWSCredentials(
                accessKeyID: accessKeyID, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN")),
            addressing: addressing)
    }

    /// S3's bucket naming rules, the parts a client can check.
    private static func checkBucketName(_ name: String, addressing: S3Addressing) throws {
        guard (3...63).contains(name.utf8.count) else {
            throw S3ConfigurationError.invalidBucketName(name, "it must be 3 to 63 characters long")
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }) else {
            throw S3ConfigurationError.invalidBucketName(name, "use lowercase letters, digits, '.' and '-' only")
        }
        guard let first = name.first, let last = name.last, first.isLetter || first.isNumber, last.isLetter || last.isNumber
        else { throw S3ConfigurationError.invalidBucketName(name, "it must begin and end with a letter or digit") }
        guard !name.contains("..") else { throw S3ConfigurationError.invalidBucketName(name, "it must not contain '..'") }
        if addressing == .virtualHosted, name.contains(".") {
            throw S3ConfigurationError.invalidBucketName(
                name, "virtual-hosted addressing needs a name without dots (use path style for this bucket)")
        }
    }

    /// Endpoint, region, bucket, access key id and addressing; never the secret.
    public var description: String {
        "S3Configuration(\(endpoint), region \(region), bucket \(bucket), \(credentials), \(addressing))"
    }
}
