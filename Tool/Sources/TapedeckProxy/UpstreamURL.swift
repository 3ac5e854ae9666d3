import NIOCore
import TapedeckWebSocket

/// Where the proxy forwards to: `ws://HOST:PORT/PATH` or `wss://…`.
package struct UpstreamURL: Sendable, Equatable, CustomStringConvertible {
    package var secure: Bool
    package var host: String
    package var port: Int
    /// The path and query to send upstream instead of the client's path, or nil to keep the client's.
    package var path: String?
    /// Forward mode: the addresses `host` resolved to and `DestinationPolicy` allowed, connected to
    /// instead of looking the name up again (which could answer otherwise). Empty: look it up.
    package var addresses: [SocketAddress]

    package init(secure: Bool, host: String, port: Int, path: String?, addresses: [SocketAddress] = []) {
        self.secure = secure
        self.host = host
        self.port = port
        self.path = path
        self.addresses = addresses
    }

    /// Parses `ws://host[:port][/path[?query]]`; nil with a reason when it is not such a URL.
    package static func parse(_ text: String) -> Result<UpstreamURL, UpstreamURLError> {
        let secure: Bool
        var rest: Substring
        if text.hasPrefix("ws://") {
            secure = false
            rest = text.dropFirst(5)
        } else if text.hasPrefix("wss://") {
            secure = true
            rest = text.dropFirst(6)
        } else {
            return .failure(UpstreamURLError(text: text, reason: "it must start with ws:// or wss://"))
        }
        var path: String?
        if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) {
            let tail = String(rest[slash...])
            path = tail == "/" ? nil : (tail.hasPrefix("?") ? "/" + tail : tail)
            rest = rest[..<slash]
        }
        var host = String(rest)
        var port = secure ? 443 : 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else {
                return .failure(UpstreamURLError(text: text, reason: "an IPv6 address needs a closing ]"))
            }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()), (1...65535).contains(number) else {
                    return .failure(UpstreamURLError(text: text, reason: "the port must be 1-65535"))
                }
                port = number
            }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            guard let number = Int(host[host.index(after: colon)...]), (1...65535).contains(number) else {
                return .failure(UpstreamURLError(text: text, reason: "the port must be 1-65535"))
            }
            port = number
            host = String(host[..<colon])
        }
        guard !host.isEmpty else { return .failure(UpstreamURLError(text: text, reason: "it has no host")) }
        return .success(UpstreamURL(secure: secure, host: host, port: port, path: path))
    }

    /// The target to request upstream for a client that asked for `clientTarget`: the client's
    /// path and query unchanged, or this URL's path with the client's query appended.
    package func requestTarget(forClientTarget clientTarget: String) -> String {
        guard let path else { return clientTarget.isEmpty ? "/" : clientTarget }
        guard let question = clientTarget.firstIndex(of: "?") else { return path }
        let query = clientTarget[clientTarget.index(after: question)...]
        if query.isEmpty { return path }
        return path + (path.contains("?") ? "&" : "?") + query
    }

    /// The Host header's value.
    var authority: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return (secure && port == 443) || (!secure && port == 80) ? shownHost : "\(shownHost):\(port)"
    }

    package var description: String { "\(secure ? "wss" : "ws")://\(authority)\(path ?? "")" }
}

package struct UpstreamURLError: Error, Sendable, Equatable, CustomStringConvertible {
    package var text: String
    package var reason: String
    package var description: String { "--upstream \(text): \(reason), e.g. wss://game.example.com/wss/" }
}
