import TapedeckCore

/// The JSON Lines form of a tape (docs/TAPE-FORMAT.md, "JSON Lines"): an optional first line
/// `{"header":{...}}`, then one record a line with fixed key order and escaping, so an export of
/// the same tape is always the same bytes.
public enum TapeJSONLines {
    /// The longest line `tapedeck import` reads: a record at the tape's limit with its payload in
    /// base64, plus room for the other keys. Reading stops there, so memory stays bounded whatever
    /// the file holds (issue 34, finding 8: a 2 GB line used 6.3 GB before its error).
    public static let maxLineLength = (Int(TapeFormat.maxRecordLength) + 2) / 3 * 4 + 4096

    /// `{"header":{...metadata...}}`, without the newline.
    ///
    /// - Parameter metadata: The tape's metadata.
    /// - Returns: The line's UTF-8 bytes, with the metadata's keys in their fixed order.
    public static func headerLine(_ metadata: TapeMetadata) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.key(name: "header")
        TapeMetadataJSON.write(metadata, to: &json)
        json.endObject()
        return json.bytes
    }

    /// One record as a line, without the newline. `seq` is the record's position in the tape.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - seq: The record's position in the tape, from 0.
    /// - Returns: The line's UTF-8 bytes: `seq`, `t`, `conn`, `dir`, `kind`, then `fragments` and
    ///   `code` and `endedBy` when set, then the payload as `text` (`reason` for a close, `name` for a marker)
    ///   when it is valid UTF-8, else as `base64`; an empty binary payload is left out.
    public static func recordLine(_ record: TapeRecord, seq: Int) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.member("seq", seq)
        json.member("t", record.time)
        json.member("conn", record.connection)
        json.member("dir", record.direction.name)
        json.member("kind", record.kind.name)
        if let fragments = record.fragmentCount {
            json.member("fragments", fragments)
        }
        if let code = record.closeCode {
            json.member("code", code)
        }
        if let party = record.endedBy {
            json.member("endedBy", party.name)
        }
        if let status = record.refusalStatus {
            json.member("refusalStatus", status)
        }
        let payload = record.payload
        switch record.kind {
        case .text, .handshake:
            writePayload(payload, textKey: "text", to: &json)
        case .close:
            writePayload(payload, textKey: "reason", to: &json)
        case .marker:
            writePayload(payload, textKey: "name", to: &json)
        case .open, .binary, .ping, .pong, .error:
            if !payload.isEmpty {
                json.key(name: "base64")
                json.writeBase64(payload)
            }
        }
        json.endObject()
        return json.bytes
    }

    private static func writePayload(_ payload: [UInt8], textKey: String, to json: inout JSONWriter) {
        if UTF8Validation.isValid(payload) {
            json.key(name: textKey)
            json.writeString(utf8: payload)
        } else {
            json.key(name: "base64")
            json.writeBase64(payload)
        }
    }
}
