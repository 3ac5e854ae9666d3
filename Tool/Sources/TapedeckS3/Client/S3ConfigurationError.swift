/// A configuration the client refuses before sending anything; each says what to change.
public enum S3ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint URL (first) is not `http(s)://host[:port]`, for the reason given (second).
    case invalidEndpoint(String, String)
    /// A required environment variable is unset or empty.
    case missingEnvironmentVariable(String)
    /// A number outside its range: what it is, the value, the range allowed.
    case outOfRange(String, value: String, allowed: String)
    /// The bucket name breaks S3's naming rules, for the reason given.
    case invalidBucketName(String, String)
    /// The region is empty or not lowercase letters, digits and hyphens.
    case invalidRegion(String)

    /// What is wrong and what to change, in one line.
    public var description: String {
        switch self {
        case .invalidEndpoint(let url, let reason):
            "S3 endpoint '\(url)' is not usable: \(reason) (e.g. http://127.0.0.1:9000 or https://s3.eu-west-1.amazonaws.com)"
        case .missingEnvironmentVariable(let name):
            "the environment variable \(name) is not set: export it (never pass a secret on a command line)"
        case .outOfRange(let what, let value, let allowed):
            "\(what) \(value) is out of range: it must be in \(allowed)"
        case .invalidBucketName(let name, let reason):
            "bucket name '\(name)' is not valid: \(reason)"
        case .invalidRegion(let region):
            "region '\(region)' is not valid: use a region name such as us-east-1 (set AWS_REGION)"
        }
    }
}
