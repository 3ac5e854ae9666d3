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
    public static func headerLine(_ metadata: TapeMetadata) -> [UInt8] {
        var json = JSONTextWriter()
        json.beginObject()
        json.key("header")
        TapeMetadataJSON.write(metadata, to: &json)
        json.endObject()
        return json.bytes
    }

    /// One record as a line, without the newline. `seq` is the record's position in the tape.
    public static func recordLine(_ record: TapeRecord, seq: Int) -> [UInt8] {
        var json = JSONTextWriter()
        json.beginObject()
        json.key("seq"); json.integer(seq)
        json.key("t"); json.integer(record.time)
        json.key("conn"); json.integer(record.connection)
        json.key("dir"); json.string(record.direction.name)
        json.key("kind"); json.string(record.kind.name)
        if let fragments = record.fragmentCount { json.key("fragments"); json.integer(fragments) }
        if let code = record.closeCode { json.key("code"); json.integer(code) }
        let payload = record.payload
        switch record.kind {
        case .text:
            writePayload(payload, textKey: "text", to: &json)
        case .close:
            writePayload(payload, textKey: "reason", to: &json)
        case .marker:
            writePayload(payload, textKey: "name", to: &json)
        case .open, .binary, .ping, .pong, .error:
            if !payload.isEmpty { json.key("base64"); json.base64(payload) }
        }
        json.endObject()
        return json.bytes
    }

    private static func writePayload(_ payload: [UInt8], textKey: String, to json: inout JSONTextWriter) {
        if UTF8Validation.isValid(payload) {
            json.key(textKey); json.string(utf8: payload)
        } else {
            json.key("base64"); json.base64(payload)
        }
    }
}
