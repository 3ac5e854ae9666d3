/// Why an exchange with the endpoint ended without a whole response.
enum S3TransportFailure: Error, Sendable, Equatable {
    /// No TCP (or TLS) connection within the connect timeout.
    case connectTimeout(seconds: Double)
    /// The connection was refused or failed: the underlying error's text.
    case connectionFailed(String)
    /// Connected, but the whole response did not arrive within the response timeout.
    case responseTimeout(seconds: Double)
    /// The response's body passed the limit.
    case responseTooLarge(limit: Int)
    /// The TLS handshake failed: most often a certificate not trusted or not for this host.
    case tlsFailed(String)
    /// The connection closed, or failed (HTTP parsing), before the response ended.
    case connectionLost(String)
}
