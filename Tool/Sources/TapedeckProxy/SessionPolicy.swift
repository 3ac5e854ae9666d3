import NIOHTTP1

/// The proxy's one rule for grouping connections into session tapes (`TapeGrouping`): which
/// session a connection belongs to, and how long a session's tape waits for a reconnect.
/// `OpenTapes` carries it out.
struct SessionPolicy: Sendable {
    /// What tells sessions apart; nil when every connection gets a tape of its own.
    let key: SessionKey?
    /// How long a session's tape waits after its last connection ended; 0 closes it at once.
    let gapNanoseconds: Int64
    /// Sessions open or waiting at once.
    let maxSessions: Int

    /// Where a connection's records go.
    enum Placement: Equatable, Sendable {
        /// Into its session's tape: the one waiting for this identity, else a new one.
        case session(SessionIdentity)
        /// Into a tape of its own: no grouping, or its request carries no key value.
        case ownTape
        /// Into a tape of its own, as its key value of this many bytes is over the limit.
        case ownTapeKeyTooLong(bytes: Int)
    }

    init(_ grouping: TapeGrouping) {
        switch grouping {
        case .perConnection:
            self.init(key: nil, gapNanoseconds: 0, maxSessions: TapeGrouping.defaultMaxSessions)
        case .perSession(let key, let gapNanoseconds, let maxSessions):
            self.init(key: key, gapNanoseconds: gapNanoseconds, maxSessions: maxSessions)
        }
    }

    init(key: SessionKey?, gapNanoseconds: Int64, maxSessions: Int) {
        self.key = key
        self.gapNanoseconds = gapNanoseconds
        self.maxSessions = max(1, maxSessions)
    }

    /// Where the connection of `request` from `clientIP` to `upstreamURL` records.
    func placement(clientIP: String?, request: HTTPRequestHead, upstreamURL: String) -> Placement {
        guard let key, let value = key.value(clientIP: clientIP, request: request) else { return .ownTape }
        guard value.utf8.count <= SessionKey.maximumValueBytes else { return .ownTapeKeyTooLong(bytes: value.utf8.count) }
        return .session(SessionIdentity(keyValue: value, upstreamURL: upstreamURL))
    }

    /// Whether a session whose last connection ended waits for a reconnect at all.
    var waitsForReconnect: Bool { key != nil && gapNanoseconds > 0 }
}
