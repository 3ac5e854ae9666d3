/// Which connections share a tape (docs/RECORDING.md, "Sessions").
package enum TapeGrouping: Sendable, Equatable {
    /// One tape per connection.
    case perConnection
    /// One tape per app session: a connection whose key (`SessionKey`) and upstream URL match a
    /// session waiting for a reconnect goes into that session's tape, which waits until
    /// `gapNanoseconds` have passed since its last connection ended, so an app's reconnects land
    /// beside its drops. A connection that arrives while another of its key is live starts a
    /// session of its own: an app has one connection open at a time. At most `maxSessions`
    /// sessions are open or waiting; past that the one that has waited longest is closed first.
    case perSession(key: SessionKey, gapNanoseconds: Int64, maxSessions: Int = TapeGrouping.defaultMaxSessions)

    package static let defaultGapSeconds = 30
    /// The longest gap `--session-gap` takes: a day.
    package static let maximumGapSeconds = 86_400
    /// Sessions open or waiting at once by default (`--max-sessions`): a waiting session holds no
    /// file, only its key and a few hundred bytes of bookkeeping.
    package static let defaultMaxSessions = 10_000
    /// The most `--max-sessions` takes.
    package static let maximumMaxSessions = 1_000_000
}
