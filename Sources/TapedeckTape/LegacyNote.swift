/// What a tape before format 1.2 says only in the words of its notes, read the way readers have
/// always read them: who ended a connection, and the status a refused upgrade was answered with.
/// The one place a decision reads a note's wording; newer tapes type both (`TapeRecord.endedBy`,
/// `TapeRecord.refusalStatus`), and their fields win.
package enum LegacyNote {
    /// Who ended the connection of an end note: the client when it starts with `client` (the
    /// recording proxy wrote `client connection ended without a close frame`, `client: <error>` and
    /// `client sent …`), else the server.
    ///
    /// - Parameter note: The end note's text.
    /// - Returns: `.client` or `.server`.
    package static func endedBy(_ note: String) -> TapeRecord.Party {
        note.hasPrefix("client") ? .client : .server
    }

    /// The HTTP status in the recording proxy's note of a refused upgrade
    /// (`upgrade failed: upstream answered 503 Service Unavailable`); nil when it names none.
    ///
    /// - Parameter note: The refusal note's text.
    /// - Returns: The status, or nil.
    package static func refusalStatus(_ note: String) -> Int? {
        guard let range = note.firstRange(of: "upstream answered ") else { return nil }
        return Int(note[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }
}
