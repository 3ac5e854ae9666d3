import PostgresNIO

/// A PostgreSQL address as `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]`.
/// A password is better left out of the URL (it shows in `ps`): PGPASSWORD is read when the URL
/// has none.
package struct PostgresURL: Sendable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String
    package var requiresTLS: Bool

    /// Parses the URL; `environment` supplies PGPASSWORD.
    package init(_ text: String, environment: [String: String] = [:]) throws(InboxError) {
        let usage = "give --postgres as postgres://USER@HOST[:PORT]/DATABASE (got \(text))"
        var rest = Substring(text)
        guard let scheme = rest.range(of: "://"), ["postgres", "postgresql"].contains(rest[..<scheme.lowerBound]) else {
            throw InboxError(usage)
        }
        rest = rest[scheme.upperBound...]
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else { throw InboxError(usage) }
        database = String(rest[rest.index(after: slash)...])
        var authority = rest[..<slash]
        guard let at = authority.lastIndex(of: "@"), !database.isEmpty else { throw InboxError(usage) }
        let credentials = authority[..<at]
        authority = authority[authority.index(after: at)...]
        if let colon = credentials.firstIndex(of: ":") {
            user = String(credentials[..<colon]).removingPercentEncoding()
            password = String(credentials[credentials.index(after: colon)...]).removingPercentEncoding()
        } else {
            user = String(credentials).removingPercentEncoding()
            password = environment["PGPASSWORD"]
        }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                throw InboxError("the port of --postgres must be 1 to 65535 (got \(text))")
            }
            port = number
            host = String(authority[..<colon])
        } else {
            port = 5432
            host = String(authority)
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !user.isEmpty, !host.isEmpty else { throw InboxError(usage) }
        switch query {
        case "", "sslmode=disable": requiresTLS = false
        case "sslmode=require": requiresTLS = true
        default: throw InboxError("--postgres takes ?sslmode=disable or ?sslmode=require only (got ?\(query))")
        }
    }

    /// The address without its password.
    package var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    var configuration: PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: requiresTLS ? .require(.makeClientConfiguration()) : .disable)
    }
}

extension String {
    /// `%40` as `@`, for a user or password in a URL; the text unchanged when it is not valid.
    fileprivate func removingPercentEncoding() -> String {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return self }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
