import TapedeckTape

extension Redactor {
    /// The record as a tape may hold it: a text message's JSON with its secrets replaced; every
    /// other record (binary, opens, closes, notes, markers) as it is. The one rule the proxy's and
    /// the flight recorder's writers both apply before a record reaches disk.
    public func redacting(_ record: TapeRecord) -> TapeRecord {
        guard record.kind == .text, record.direction != .note, let redacted = redactJSON(record.payload) else { return record }
        var copy = record
        copy.payload = redacted
        return copy
    }
}
