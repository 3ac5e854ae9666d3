import ArgumentParser

/// `HOST:PORT` options (`127.0.0.1:8080`, `[::1]:0`, `:8080` for the default host), parsed once by
/// ArgumentParser: a bad value is a usage error (exit 2) naming the option before any command runs.
struct HostPort: Equatable, CustomStringConvertible, ExpressibleByArgument {
    static let defaultHost = "127.0.0.1"

    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(argument text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.init(host: host.isEmpty ? Self.defaultHost : host, port: port)
    }

    /// Shown in help as the default value, in the form the option takes.
    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    var defaultValueDescription: String { description }

    var isLoopback: Bool { host == "localhost" || host == "::1" || host.hasPrefix("127.") }
}
