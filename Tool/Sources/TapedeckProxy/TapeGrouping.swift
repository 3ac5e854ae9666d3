import NIOHTTP1

/// Which connections share a tape (docs/RECORDING.md, "Sessions").
package enum TapeGrouping: Sendable, Equatable {
    /// One tape per connection.
    case perConnection
    /// One tape per app session: a connection whose key (`SessionKey`) and upstream URL match an
    /// open tape's goes into that tape, which stays open until `gapNanoseconds` have passed since
    /// its last connection ended, so an app's reconnects land beside its drops.
    case perSession(key: SessionKey, gapNanoseconds: Int64)

    package static let defaultGapSeconds = 30
    /// The longest gap `--session-gap` takes: a day.
    package static let maximumGapSeconds = 86_400
}

/// What tells one app session's connections from another's, besides the upstream URL.
package enum SessionKey: Sendable, Equatable, CustomStringConvertible {
    /// The app's IP address (not its port, which every reconnect changes).
    case clientAddress
    /// The value of a query parameter of the upgrade request, like a session or device id.
    case query(String)
    /// The value of a request header.
    case header(String)

    /// `client-address`, `query:NAME` or `header:NAME`; nil for anything else.
    package init?(parsing text: String) {
        if text == "client-address" {
            self = .clientAddress
        } else if text.hasPrefix("query:"), text.count > 6 {
            self = .query(String(text.dropFirst(6)))
        } else if text.hasPrefix("header:"), text.count > 7 {
            self = .header(String(text.dropFirst(7)))
        } else {
            return nil
        }
    }

    package var description: String {
        switch self {
        case .clientAddress: "client-address"
        case .query(let name): "query:\(name)"
        case .header(let name): "header:\(name)"
        }
    }

    /// This connection's value, or nil when its request does not carry one: such a connection
    /// gets a tape of its own. Kept in memory only: a key may be a token, and is never written.
    func value(clientIP: String?, request: HTTPRequestHead) -> String? {
        switch self {
        case .clientAddress:
            return clientIP
        case .header(let name):
            return request.headers.first(name: name)
        case .query(let name):
            guard let question = request.uri.firstIndex(of: "?") else { return nil }
            let query = request.uri[request.uri.index(after: question)...].prefix { $0 != "#" }
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts[0] == name { return parts.count == 2 ? String(parts[1]) : "" }
            }
            return nil
        }
    }
}
