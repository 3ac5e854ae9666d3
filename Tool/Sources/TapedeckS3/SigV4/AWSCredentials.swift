/// The keys that sign a request: an access key id, its secret, and the session token that temporary
/// credentials (STS, SSO, an instance role) come with. Its description names the access key id only,
/// so a log line or an error never carries the secret.
public struct AWSCredentials: Sendable, Equatable, CustomStringConvertible {
    /// The public half, e.g. `AKIDEXAMPLE`: it goes into every request's credential scope.
    public var accessKeyID: String
    /// The secret the signing key is derived from; never sent, never printed.
    public var secretAccessKey: String
    /// The session token of temporary credentials, sent (and signed) as `x-amz-security-token`.
    public var sessionToken: String?

    /// Credentials from their parts; `sessionToken` only for temporary ones. Checks nothing: a wrong
    /// key shows up as the service's `InvalidAccessKeyId` or `SignatureDoesNotMatch`.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The access key id, and whether a session token is there; never the secret or the token.
    public var description: String {
        "AWSCredentials(\(accessKeyID)\(sessionToken == nil ? "" : ", with a session token"))"
    }
}
