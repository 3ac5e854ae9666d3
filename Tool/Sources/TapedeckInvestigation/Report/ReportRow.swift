/// One record as the report's timeline shows it.
package struct ReportRow: Sendable, Equatable {
    /// The record's index in the session (every tape's records counted in order from 0).
    package var index: Int
    /// Which tape (0 for the first) and the record's number in it (as `tapedeck cat` counts).
    package var tape: Int
    package var record: Int
    /// The record's own time in its tape (ns).
    package var tapeTime: UInt64
    /// The connection id the record carries (docs/TAPE-FORMAT.md).
    package var connection: UInt32
    /// `c2s`, `s2c` or `note`.
    package var direction: String
    /// The envelope type of a text message (also of one that does not decode, when its `type`
    /// can be read), else the record kind: `open`, `close`, `error`, `marker`, `ping`...
    package var type: String
    /// One short line: the message's `message` object compacted and cut, a close code, a marker name.
    package var summary: String
    /// The payload pretty-printed as canonical JSON (cut), or as text when it is not JSON; nil
    /// when the record has no payload.
    package var detail: String?
    /// A text message that did not decode.
    package var undecodable: Bool

    package init(
        index: Int, tape: Int, record: Int, tapeTime: UInt64, connection: UInt32 = 0, direction: String, type: String,
        summary: String, detail: String?, undecodable: Bool
    ) {
        self.index = index
        self.tape = tape
        self.record = record
        self.tapeTime = tapeTime
        self.connection = connection
        self.direction = direction
        self.type = type
        self.summary = summary
        self.detail = detail
        self.undecodable = undecodable
    }
}
