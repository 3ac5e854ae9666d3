/// A `ws://` or `wss://` URL taken apart: what a WebSocket client needs to connect.
package struct WebSocketURL: Sendable, Equatable, CustomStringConvertible {
    package var isSecure: Bool
    /// Without brackets for IPv6 (`::1`).
    package var host: String
    package var port: Int
    /// The request target: path and query, at least "/".
    package var pathAndQuery: String

    package init(isSecure: Bool, host: String, port: Int, pathAndQuery: String) {
        self.isSecure = isSecure
        self.host = host
        self.port = port
        self.pathAndQuery = pathAndQuery
    }

    /// Parses `ws[s]://HOST[:PORT][/PATH][?QUERY]`; the port defaults to 80 (ws) or 443 (wss).
    package init(parsing text: String) throws(WebSocketURLError) {
        let rest: Substring
        if text.hasPrefix("ws://") {
            isSecure = false
            rest = text.dropFirst(5)
        } else if text.hasPrefix("wss://") {
            isSecure = true
            rest = text.dropFirst(6)
        } else {
            throw WebSocketURLError(url: text, problem: "it must start with ws:// or wss://")
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...])
        if let fragment = target.firstIndex(of: "#") { target = String(target[..<fragment]) }
        if target.isEmpty { target = "/" } else if target.hasPrefix("?") { target = "/" + target }
        pathAndQuery = target
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw WebSocketURLError(url: text, problem: "an IPv6 host needs its closing ]")
            }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.isEmpty {
                portPart = nil
            } else if after.hasPrefix(":") {
                portPart = after.dropFirst()
            } else {
                throw WebSocketURLError(url: text, problem: "expected :PORT after the IPv6 host")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
            portPart = nil
        }
        guard !hostPart.isEmpty else { throw WebSocketURLError(url: text, problem: "it names no host") }
        host = String(hostPart)
        if let portPart {
            guard let number = Int(portPart), (1...65535).contains(number) else {
                throw WebSocketURLError(url: text, problem: "the port \"\(portPart)\" is not a number from 1 to 65535")
            }
            port = number
        } else {
            port = isSecure ? 443 : 80
        }
    }

    /// This URL with the scheme, host and port of `target`: the scenario's path and query stay,
    /// except that a URL without a path ("/") takes the target's.
    package func retargeted(to target: WebSocketURL) -> WebSocketURL {
        var result = target
        if pathAndQuery != "/" { result.pathAndQuery = pathAndQuery }
        return result
    }

    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(isSecure ? "wss" : "ws")://\(shownHost):\(port)\(pathAndQuery)"
    }
}

package struct WebSocketURLError: Error, Sendable, Equatable, CustomStringConvertible {
    package var url: String
    package var problem: String

    package var description: String { "cannot use the URL \"\(url)\": \(problem) (e.g. ws://127.0.0.1:8080/wss/)" }
}
