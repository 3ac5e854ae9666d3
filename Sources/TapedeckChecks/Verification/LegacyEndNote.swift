import TapedeckTape

/// Who ended a connection, as a tape before format 1.2 says it: only in the words of its end
/// note. The one place a decision reads a note's wording; every newer tape types it
/// (`TapeRecord.endedBy`).
enum LegacyEndNote {
    /// The party that ended the connection of `note`: the client when the note starts with
    /// `client` (the recording proxy wrote `client connection ended without a close frame`,
    /// `client: <error>` and `client sent …`), else the server, as readers have always taken it.
    ///
    /// - Parameter note: The end note's text.
    /// - Returns: `.client` or `.server`.
    static func party(of note: String) -> TapeRecord.Party {
        note.hasPrefix("client") ? .client : .server
    }
}
