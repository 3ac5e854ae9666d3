import TapedeckWebSocket

/// The head of the first request on a forward-proxy connection, read from raw bytes so that
/// what follows it (a TLS handshake, a request body) can be passed on untouched: the request
/// line, the header fields, and where the request goes.
struct ProxyRequestHead: Equatable {
    var method: String
    var target: String
    var version: String
    var headers: [(name: String, value: String)]
    /// Bytes of the head, up to and including the empty line.
    var length: Int

    /// Heads longer than this are refused (431), like a web server's limit.
    static let maximumLength = 16 << 10

    enum ParseResult: Equatable {
        case needMore
        case head(ProxyRequestHead)
        case invalid(ForwardProxyRefusal)
    }

    /// Where a proxy request asks to go.
    enum Destination: Equatable {
        /// `CONNECT host:port`: a tunnel.
        case tunnel(host: String, port: Int)
        /// `GET http://host:port/path`: a request for a host, and its target in origin form.
        case absolute(secure: Bool, host: String, port: Int, originForm: String)
    }

    static func parse(_ bytes: some Collection<UInt8>) -> ParseResult {
        let buffer = Array(bytes.prefix(maximumLength + 4))
        guard let end = RawHTTP.endOfHead(buffer) else {
            return buffer.count > maximumLength
                ? .invalid(.headTooLarge("the request head is over \(maximumLength) bytes")) : .needMore
        }
        guard let text = String(validating: buffer[..<end], as: UTF8.self) else {
            return .invalid(.badRequest("the request head is not UTF-8"))
        }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, !requestLine[1].isEmpty,
            requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0"
        else {
            return .invalid(.badRequest("the request line must be METHOD TARGET HTTP/1.1"))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                return .invalid(.badRequest("the header line \"\(line.prefix(60))\" has no NAME: VALUE"))
            }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.append((String(line[..<colon]), String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())))
        }
        return .head(
            ProxyRequestHead(
                method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
                headers: headers, length: end + 4))
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name }?.value
    }

    /// Whether this is a WebSocket opening handshake (RFC 6455 4.1).
    var isWebSocketUpgrade: Bool {
        method == "GET" && (header("upgrade")?.lowercased().contains("websocket") ?? false)
    }

    /// Where the request goes, or why it cannot be proxied.
    var destination: Result<Destination, ForwardProxyRefusal> {
        if method == "CONNECT" {
            guard let authority = HostAndPort.parse(target, portRequired: true), let port = authority.port else {
                return .failure(.badRequest("CONNECT needs HOST:PORT, got \"\(target)\""))
            }
            return .success(.tunnel(host: authority.host, port: port))
        }
        guard let schemeEnd = target.firstRange(of: "://") else {
            return .failure(
                .badRequest(
                    "this is Tapedeck's forward proxy: set it as the app's HTTP proxy (it then sends CONNECT or "
                        + "absolute URLs), or record with --mode reverse --upstream URL to take \(target) directly"))
        }
        let scheme = target[..<schemeEnd.lowerBound].lowercased()
        guard ["http", "ws", "https", "wss"].contains(scheme) else {
            return .failure(.badRequest("only http:// and ws:// URLs are proxied without CONNECT, got \(scheme)://"))
        }
        let secure = scheme == "https" || scheme == "wss"
        let rest = target[schemeEnd.upperBound...]
        let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard let authority = HostAndPort.parse(rest[..<slash], portRequired: false) else {
            return .failure(.badRequest("the URL \(target) has no valid HOST[:PORT]"))
        }
        var originForm = String(rest[slash...])
        if originForm.hasPrefix("?") || originForm.isEmpty { originForm = "/" + originForm }
        return .success(
            .absolute(secure: secure, host: authority.host, port: authority.port ?? (secure ? 443 : 80), originForm: originForm))
    }

    /// The head to send on to `host` for an absolute-URI request: origin form, the proxy's own
    /// headers left out, and `Connection: close` unless it is an upgrade, so the tunnel that
    /// carries it ends with the response (the next request may be for another host).
    func forwardedBytes(originForm: String) -> [UInt8] {
        let upgrade = header("upgrade") != nil
        var text = "\(method) \(originForm) \(version)\r\n"
        for (name, value) in headers {
            let lowered = name.lowercased()
            if lowered == "proxy-connection" || lowered == "proxy-authorization" { continue }
            if !upgrade, lowered == "connection" || lowered == "keep-alive" { continue }
            text += "\(name): \(value)\r\n"
        }
        if !upgrade { text += "Connection: close\r\n" }
        return Array((text + "\r\n").utf8)
    }

    static func == (lhs: ProxyRequestHead, rhs: ProxyRequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version && lhs.length == rhs.length
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// Why the forward proxy answers a request itself instead of passing it on.
enum ForwardProxyRefusal: Error, Equatable, CustomStringConvertible {
    case badRequest(String)
    /// A destination the proxy does not serve (`DestinationPolicy`), or a client it does not serve.
    case forbidden(String)
    case headTooLarge(String)
    case badGateway(String)

    var status: (code: Int, reason: String) {
        switch self {
        case .badRequest: (400, "Bad Request")
        case .forbidden: (403, "Forbidden")
        case .headTooLarge: (431, "Request Header Fields Too Large")
        case .badGateway: (502, "Bad Gateway")
        }
    }

    var description: String {
        switch self {
        case .badRequest(let reason), .forbidden(let reason), .headTooLarge(let reason), .badGateway(let reason): reason
        }
    }

    /// The whole response: status, a plain-text body saying why, and close.
    var responseBytes: [UInt8] {
        RawHTTP.plainTextResponse(code: status.code, reason: status.reason, text: "tapedeck forward proxy: \(description)\n")
    }
}
