/// A call that failed: which operation on which bucket and key at which endpoint, why (the
/// service's HTTP status with S3's `<Code>` and `<Message>`, or the connection's failure), and
/// what to do about it. Its description says all of that in one line, with no secret in it.
public struct S3Error: Error, Sendable, CustomStringConvertible {
    /// Why the call failed.
    public enum Reason: Sendable, Equatable {
        /// The service answered with an error status; `code` and `message` from its XML body (a
        /// HEAD response has none).
        case service(status: Int, code: String?, message: String?)
        /// No connection within the connect timeout.
        case connectTimeout(seconds: Double)
        /// The connection was refused or could not be made.
        case connectionFailed(String)
        /// Connected, but no whole response within the response timeout.
        case responseTimeout(seconds: Double)
        /// The response body passed `S3Configuration.maximumObjectBytes`.
        case responseTooLarge(limit: Int)
        /// The object to put (`size` bytes) is over `S3Configuration.maximumObjectBytes`; nothing was sent.
        case requestTooLarge(size: Int, limit: Int)
        /// The TLS handshake failed: the certificate is not trusted or not for this host.
        case tlsFailed(String)
        /// The connection closed or failed (HTTP) before the response ended.
        case connectionLost(String)
        /// The key is empty or longer than S3's 1,024 bytes of UTF-8.
        case invalidKey
        /// The clock the client signs with reads before 1970 or after 9999.
        case clockOutOfRange
    }

    /// The S3 operation, e.g. `PutObject`.
    public let operation: String
    /// The bucket it worked in.
    public let bucket: String
    /// The object's key; nil for a bucket operation.
    public let key: String?
    /// The endpoint it talked to.
    public let endpoint: String
    /// Why it failed.
    public let reason: Reason

    /// Makes an error; `advice` is derived from the reason.
    public init(operation: String, bucket: String, key: String?, endpoint: String, reason: Reason) {
        self.operation = operation
        self.bucket = bucket
        self.key = key
        self.endpoint = endpoint
        self.reason = reason
    }

    /// The HTTP status when the service answered.
    public var statusCode: Int? { if case .service(let status, _, _) = reason { status } else { nil } }
    /// S3's error code, e.g. `SignatureDoesNotMatch`, when the service sent one.
    public var code: String? { if case .service(_, let code, _) = reason { code } else { nil } }
    /// S3's message, when the service sent one.
    public var message: String? { if case .service(_, _, let message) = reason { message } else { nil } }

    /// What to do about it, in a sentence.
    public var advice: String {
        switch reason {
        case .service(let status, let code, _):
            switch code {
            case "SignatureDoesNotMatch":
                return "check AWS_SECRET_ACCESS_KEY (it must be the secret of the access key id) and AWS_REGION"
            case "InvalidAccessKeyId":
                return "check AWS_ACCESS_KEY_ID: the endpoint does not know this access key"
            case "InvalidToken", "ExpiredToken", "TokenRefreshRequired":
                return "AWS_SESSION_TOKEN is wrong or expired: get new temporary credentials"
            case "AccessDenied":
                return
                    "the credentials are valid but not allowed \(operation) on this bucket: grant it in the bucket's or user's policy"
                    + " (AWS also answers AccessDenied for a missing key when s3:ListBucket is not granted)"
            case "NoSuchBucket":
                return "create the bucket (createBucket) or correct the bucket name"
            case "RequestTimeTooSkewed":
                return "this machine's clock is more than 15 minutes off: set it (NTP)"
            case "AuthorizationHeaderMalformed", "PermanentRedirect", "IllegalLocationConstraintException":
                return "the bucket is in another region or at another endpoint: set AWS_REGION and the endpoint to the bucket's"
            case "BucketAlreadyExists":
                return "another account owns this bucket name: choose another one"
            case "SlowDown", "ServiceUnavailable", "InternalError":
                return "the service is throttling or failing: retry later with backoff"
            default:
                if status >= 500 { return "the service failed: retry later with backoff" }
                if status == 403 {
                    return
                        "check the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) and the bucket's policy"
                }
                if status == 301 || status == 307 { return "the bucket is in another region: set AWS_REGION to the bucket's" }
                return "see the service's message; the request was refused as sent"
            }
        case .connectTimeout, .connectionFailed:
            return "check the endpoint URL and that the service is running and reachable from here"
        case .responseTimeout:
            return
                "the endpoint accepted the connection but did not answer in time: check it is an S3 endpoint, or raise the response timeout for large objects"
        case .responseTooLarge(let limit), .requestTooLarge(_, let limit):
            return "the object is larger than the client's limit of \(limit) bytes: raise S3Configuration.maximumObjectBytes"
        case .tlsFailed:
            return
                "the endpoint's certificate is not trusted or not for this host: check the endpoint URL, or trust its CA (S3Client's tlsConfiguration)"
        case .connectionLost:
            return "the connection broke mid-request (a proxy, or the service restarting): retry"
        case .invalidKey:
            return "use a key of 1 to 1,024 bytes of UTF-8"
        case .clockOutOfRange:
            return "set this machine's clock"
        }
    }

    /// One line: operation, object, endpoint, what happened and what to do.
    public var description: String {
        let object = key.map { "s3://\(bucket)/\($0)" } ?? "s3://\(bucket)"
        let what: String
        switch reason {
        case .service(let status, let code, let message):
            what = "HTTP \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .connectTimeout(let seconds): what = "no connection within \(seconds) s"
        case .connectionFailed(let detail): what = "could not connect (\(detail))"
        case .responseTimeout(let seconds): what = "no whole response within \(seconds) s"
        case .responseTooLarge(let limit): what = "the response is over \(limit) bytes"
        case .requestTooLarge(let size, let limit): what = "the object is \(size) bytes, over the limit of \(limit)"
        case .tlsFailed(let detail): what = "TLS failed (\(detail))"
        case .connectionLost(let detail): what = "the connection was lost (\(detail))"
        case .invalidKey: what = "the key is empty or over 1,024 bytes"
        case .clockOutOfRange: what = "the clock is outside 1970...9999"
        }
        return "S3 \(operation) \(object) at \(endpoint) failed: \(what). What to do: \(advice)."
    }
}
