/// An S3 endpoint's address: `http` or `https`, a host, a port. No path, query or user part.
public struct S3Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// True for `https`: the client speaks TLS (NIOSSL) and checks the certificate.
    public let usesTLS: Bool
    /// The host name or address, IPv6 without its brackets.
    public let host: String
    /// The TCP port, 1...65535: the URL's, else 443 for https and 80 for http.
    public let port: Int

    /// Parses `http://host[:port]` or `https://host[:port]`, a trailing `/` allowed; throws
    /// `S3ConfigurationError.invalidEndpoint` for any other scheme, a path, a query, user
    /// information, an empty host or a port outside 1...65535.
    public init(_ url: String) throws {
        let text = url.hasSuffix("/") ? String(url.dropLast()) : url
        let rest: Substring
        if text.lowercased().hasPrefix("https://") {
            usesTLS = true
            rest = text.dropFirst(8)
        } else if text.lowercased().hasPrefix("http://") {
            usesTLS = false
            rest = text.dropFirst(7)
        } else {
            throw S3ConfigurationError.invalidEndpoint(url, "it must start with http:// or https://")
        }
        guard !rest.contains(where: { "/?#@ ".contains($0) }) else {
            throw S3ConfigurationError.invalidEndpoint(url, "give the scheme, host and port only (no path, query or user)")
        }
        var hostPart = rest
        var portPart: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw S3ConfigurationError.invalidEndpoint(url, "an IPv6 address needs its closing ]")
            }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw S3ConfigurationError.invalidEndpoint(url, "unexpected text after ]") }
                portPart = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            hostPart = rest[..<colon]
            portPart = rest[rest.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw S3ConfigurationError.invalidEndpoint(url, "the host is empty") }
        host = String(hostPart)
        if let portPart {
            guard let number = Int(portPart), (1...65535).contains(number) else {
                throw S3ConfigurationError.invalidEndpoint(url, "the port must be a number in 1...65535")
            }
            port = number
        } else {
            port = usesTLS ? 443 : 80
        }
    }

    /// The `Host` header for `host`: the port is added unless it is the scheme's default.
    func hostHeader(for host: String) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? shown : "\(shown):\(port)"
    }

    /// `scheme://host[:port]`, the port shown unless it is the scheme's default.
    public var description: String { (usesTLS ? "https://" : "http://") + hostHeader(for: host) }
}
