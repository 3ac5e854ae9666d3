/// One connection of the session as the report's lanes show it: when it began, whether it opened,
/// and how it ended, on the session's tape time (ns since the session started; one tape's time
/// is its records' own).
package struct ReportConnection: Sendable, Equatable {
    /// How a connection ended.
    package enum End: Sendable, Equatable {
        /// A close frame with `code`, sent by the client (`c2s`) or the server (`s2c`).
        case closed(code: Int, direction: String)
        /// It broke after opening, without a close frame: the recorder's error text.
        case dropped(reason: String)
        /// It never opened: the upgrade was refused or failed (the recorder's error text).
        case refused(reason: String)
        /// Still open when the tape ends.
        case open

        /// `closed`, `dropped`, `refused` or `open`: the page's `data-end` and the lane's colour.
        package var name: String {
            switch self {
            case .closed: "closed"
            case .dropped: "dropped"
            case .refused: "refused"
            case .open: "open"
            }
        }

        /// One line for the page: `closed 4001 by the server`, `dropped: connection reset`.
        package var text: String {
            switch self {
            case .closed(let code, let direction):
                "closed \(code)" + (direction == "c2s" ? " by the client" : direction == "s2c" ? " by the server" : "")
            case .dropped(let reason): "dropped (no close frame)" + (reason.isEmpty ? "" : ": \(reason)")
            case .refused(let reason): "refused" + (reason.isEmpty ? "" : ": \(reason)")
            case .open: "open at the end of the tape"
            }
        }
    }

    /// Which tape (0 for the first) and the connection id its records carry.
    package var tape: Int
    package var id: UInt32
    /// Session time of its first record, of its `open` record (nil when it never opened), and of
    /// the record that ended it (its last record while it is still open).
    package var start: UInt64
    package var opened: UInt64?
    package var endTime: UInt64
    package var end: End
    /// Text and binary messages both ways.
    package var messages: Int
    /// The time from the previous connection's end to this one's start: the app's backoff before
    /// a reconnect (nil for the first connection).
    package var gapBefore: UInt64?

    package init(
        tape: Int, id: UInt32, start: UInt64, opened: UInt64?, endTime: UInt64, end: End, messages: Int, gapBefore: UInt64?
    ) {
        self.tape = tape
        self.id = id
        self.start = start
        self.opened = opened
        self.endTime = endTime
        self.end = end
        self.messages = messages
        self.gapBefore = gapBefore
    }
}
