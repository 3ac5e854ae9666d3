import Crypto

/// AWS Signature Version 4 (`AWS4-HMAC-SHA256`), header-based: builds the canonical request, the
/// string to sign and the signing key, and gives back the `Authorization` header with the headers it
/// set. A pure value: the time comes in as a `SigV4Timestamp`, so the same inputs give the same
/// signature. Checked against AWS's published test suite and against botocore (TapedeckS3Tests).
public struct SigV4Signer: Sendable {
    /// Whose request this is; a session token is sent and signed as `x-amz-security-token`.
    public var credentials: AWSCredentials
    /// The region of the credential scope, e.g. `us-east-1`.
    public var region: String
    /// The service of the credential scope, e.g. `s3`.
    public var service: String
    /// Removes `.` and `..` segments and empty segments before encoding the path: what every AWS
    /// service but S3 expects. Off for S3, whose keys are taken byte for byte (`a//b` is not `a/b`).
    public var normalizesPath: Bool
    /// Sends the payload hash as `x-amz-content-sha256` too, and signs it: S3 requires the header.
    public var sendsContentHash: Bool

    /// A signer for `service` in `region`. Checks nothing: an empty region or service signs, and the
    /// service answers `SignatureDoesNotMatch` or `AuthorizationHeaderMalformed`.
    public init(
        credentials: AWSCredentials, region: String, service: String, normalizesPath: Bool = false,
        sendsContentHash: Bool = false
    ) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.normalizesPath = normalizesPath
        self.sendsContentHash = sendsContentHash
    }

    /// The signer S3 (and MinIO, R2, moto) expect: service `s3`, paths as they are, `x-amz-content-sha256` sent.
    public static func s3(credentials: AWSCredentials, region: String) -> SigV4Signer {
        SigV4Signer(credentials: credentials, region: region, service: "s3", normalizesPath: false, sendsContentHash: true)
    }

    /// `scope`: `20150830/us-east-1/service/aws4_request`.
    public func credentialScope(at time: SigV4Timestamp) -> String {
        "\(time.dateStamp)/\(region)/\(service)/aws4_request"
    }

    /// Signs `request` at `time` for a body whose hash is `payload`. Sets `x-amz-date` (and
    /// `x-amz-security-token`, `x-amz-content-sha256` where they apply), replacing a header of the same
    /// name, and signs every header of the result. Never fails: it signs whatever it is given.
    public func sign(_ request: SigV4Request, at time: SigV4Timestamp, payload: SigV4PayloadHash) -> SigV4Signature {
        var headers = request.headers
        Self.set("X-Amz-Date", time.amzDate, in: &headers)
        if sendsContentHash { Self.set("X-Amz-Content-SHA256", payload.text, in: &headers) }
        if let token = credentials.sessionToken { Self.set("X-Amz-Security-Token", token, in: &headers) }

        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(headers)
        let path = normalizesPath ? AWSURIEncoding.normalizedPath(request.path) : request.path
        let canonicalRequest = [
            request.method,
            AWSURIEncoding.encodePath(path),
            Self.canonicalQuery(request.query),
            canonicalHeaders,
            signedHeaders,
            payload.text,
        ].joined(separator: "\n")

        let scope = credentialScope(at: time)
        let stringToSign = [
            "AWS4-HMAC-SHA256", time.amzDate, scope,
            Hex.lowercase(SHA256.hash(data: Array(canonicalRequest.utf8))),
        ].joined(separator: "\n")

        let signature = Hex.lowercase(
            HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: signingKey(at: time)))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        headers.append(SigV4Field("Authorization", authorization))
        return SigV4Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            authorization: authorization, headers: headers)
    }

    /// The key of `time`'s day: HMAC chain over `AWS4` + secret, date, region, service, `aws4_request`.
    func signingKey(at time: SigV4Timestamp) -> SymmetricKey {
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [time.dateStamp, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return key
    }

    /// Replaces the value of the header named `name` (any case), or appends it.
    private static func set(_ name: String, _ value: String, in headers: inout [SigV4Field]) {
        let lowered = name.lowercased()
        headers.removeAll { $0.name.lowercased() == lowered }
        headers.append(SigV4Field(name, value))
    }

    /// The sorted `name:value` lines (each ending in a newline) and the `;`-joined names. Names are
    /// lowercased; values trimmed, runs of spaces and tabs made one space; a repeated name's values
    /// are joined with commas in the order given.
    static func canonicalHeaders(_ headers: [SigV4Field]) -> (lines: String, signedHeaders: String) {
        var values: [String: [String]] = [:]
        for header in headers {
            let name = header.name.lowercased().trimmingSpacesAndTabs()
            values[name, default: []].append(collapsedWhitespace(header.value))
        }
        let names = values.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let lines = names.map { "\($0):\(values[$0]!.joined(separator: ","))\n" }.joined()
        return (lines, names.joined(separator: ";"))
    }

    /// Encoded `name=value` pairs sorted by encoded name, then value, joined with `&`.
    static func canonicalQuery(_ query: [SigV4Field]) -> String {
        query.map { (AWSURIEncoding.encode($0.name), AWSURIEncoding.encode($0.value)) }
            .sorted { left, right in
                left.0 == right.0
                    ? Array(left.1.utf8).lexicographicallyPrecedes(Array(right.1.utf8))
                    : Array(left.0.utf8).lexicographicallyPrecedes(Array(right.0.utf8))
            }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    private static func collapsedWhitespace(_ value: String) -> String {
        var result: [UInt8] = []
        var inSpace = false
        for byte in value.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                inSpace = true
                continue
            }
            if inSpace && !result.isEmpty { result.append(UInt8(ascii: " ")) }
            inSpace = false
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingSpacesAndTabs() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
