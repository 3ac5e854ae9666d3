import NIOHTTP1
import TapedeckRedaction

/// What tells one app session's connections from another's, besides the upstream URL.
package enum SessionKey: Sendable, Equatable, CustomStringConvertible {
    /// The app's IP address (not its port, which every reconnect changes).
    case clientAddress
    /// The value of a query parameter of the upgrade request, like a session or device id.
    case query(String)
    /// The value of a request header.
    case header(String)

    /// The longest key value kept, in bytes: a longer value gives its connection a tape of its
    /// own, so a client cannot make the proxy hold megabytes per waiting session.
    package static let maximumValueBytes = 1024

    /// `client-address`, `query:NAME` or `header:NAME` (NAME an HTTP token, RFC 9110 5.6.2: what
    /// a header's name can be); nil for anything else.
    package init?(parsing text: String) {
        if text == "client-address" {
            self = .clientAddress
        } else if text.hasPrefix("query:"), text.count > 6 {
            self = .query(String(text.dropFirst(6)))
        } else if text.hasPrefix("header:"), text.count > 7, Self.isToken(text.dropFirst(7)) {
            self = .header(String(text.dropFirst(7)))
        } else {
            return nil
        }
    }

    /// Whether `name` is an HTTP token: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
                }
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
    /// gets a tape of its own. Kept in memory only. A query parameter is read as redaction reads
    /// the same target (`Redactor.queryValue`: split at `&` and `;`, names and values decoded).
    package func value(clientIP: String?, request: HTTPRequestHead) -> String? {
        switch self {
        case .clientAddress:
            return clientIP
        case .header(let name):
            return request.headers.first(name: name)
        case .query(let name):
            return Redactor.queryValue(named: name, in: request.uri)
        }
    }
}
