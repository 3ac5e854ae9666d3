import ArgumentParser

/// `HOST:PORT` options (`127.0.0.1:8080`, `[::1]:0`).
enum HostPort {
    static func parse(_ text: String, option: String, defaultHost: String = "127.0.0.1") throws -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65535).contains(port) else {
            throw ValidationError("\(option) must be HOST:PORT, e.g. 127.0.0.1:8080 (got \"\(text)\").")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host.isEmpty ? defaultHost : host, port)
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
