import TapedeckWebSocket

/// `HOST[:PORT]` as it appears in a `CONNECT` request, a URL's authority or `--intercept`: IPv6
/// addresses in brackets (returned without them), ports 1-65535.
struct HostAndPort: Equatable {
    var host: String
    var port: Int?

    static func parse(_ text: Substring, portRequired: Bool) -> HostAndPort? {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            // An unbracketed IPv6 address has more than one colon: ambiguous, refused.
            if host.contains(":") { return nil }
        } else {
            host = text
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "@" }) else { return nil }
        var port: Int?
        if let portText {
            guard portText.allSatisfy(\.isASCII), let number = Int(portText), (1...65535).contains(number) else { return nil }
            port = number
        }
        if portRequired, port == nil { return nil }
        return HostAndPort(host: String(host), port: port)
    }

    static func parse(_ text: String, portRequired: Bool) -> HostAndPort? {
        parse(text[...], portRequired: portRequired)
    }

    /// `host:port` as a user types it: IPv6 in brackets; without the port when nil.
    static func shown(host: String, port: Int?) -> String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(bracketed):\($0)" } ?? bracketed
    }
}
