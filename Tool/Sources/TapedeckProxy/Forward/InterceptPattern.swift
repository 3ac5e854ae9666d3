import TapedeckWebSocket

/// Which hosts the forward proxy records: `--intercept HOST[:PORT]`. `HOST` is a name, an IP
/// address (IPv6 in brackets), `*.NAME` for every subdomain of `NAME` (not `NAME` itself, as in
/// mitmproxy), or `*` for every host; without a port every port matches. Names compare without
/// regard to case.
package struct InterceptPattern: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    package var port: Int?

    package init(host: String, port: Int?) {
        self.host = host.lowercased()
        self.port = port
    }

    package static func parse(_ text: String) -> Result<InterceptPattern, InterceptPatternError> {
        func failure(_ reason: String) -> Result<InterceptPattern, InterceptPatternError> {
            .failure(InterceptPatternError(text: text, reason: reason))
        }
        guard let authority = HostAndPort.parse(text, portRequired: false) else {
            return failure("it must be HOST or HOST:PORT (port 1-65535, IPv6 in brackets)")
        }
        let host = authority.host
        if host.contains("*"), host != "*", !(host.hasPrefix("*.") && host.dropFirst(2).allSatisfy { $0 != "*" }) {
            return failure("a wildcard may only be the whole host (*) or its first label (*.example.com)")
        }
        if host.contains("/") { return failure("give a host, not a URL") }
        return .success(InterceptPattern(host: host, port: authority.port))
    }

    /// Whether a request for `host:port` is recorded.
    package func matches(host requested: String, port requestedPort: Int) -> Bool {
        if let port, port != requestedPort { return false }
        let name = requested.lowercased()
        if host == "*" { return true }
        if host.hasPrefix("*.") { return name.hasSuffix(host.dropFirst(1)) && name.count > host.count - 1 }
        return name == host
    }

    package var description: String { HostAndPort.shown(host: host, port: port) }
}

package struct InterceptPatternError: Error, Sendable, Equatable, CustomStringConvertible {
    package var text: String
    package var reason: String
    package var description: String { "--intercept \(text): \(reason)" }
}
