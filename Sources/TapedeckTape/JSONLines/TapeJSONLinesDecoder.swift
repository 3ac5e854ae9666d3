import TapedeckCore

/// Reads one line of the JSON Lines form back into a header or a record.
public enum TapeJSONLinesDecoder {
    /// What one line holds.
    public enum Line: Sendable, Equatable {
        /// A `{"header":...}` line: the tape's metadata.
        case header(TapeMetadata)
        /// A record line.
        case record(TapeRecord)
    }

    /// A problem at a byte offset of the line.
    /// What is wrong and at which byte: the JSON parser's own failure, so its errors pass through as they are.
    public typealias Failure = JSONParser.Failure

    private static let recordKeys: Set<String> = [
        "seq", "t", "conn", "dir", "kind", "fragments", "code", "endedBy", "refusalStatus", "text", "base64", "reason", "name",
    ]

    /// Reads one line, strictly: unknown keys, missing fields and values out of range are refused.
    ///
    /// - Parameter line: The line's bytes, without its newline.
    /// - Returns: The header or the record the line holds; `seq` is checked but not kept.
    /// - Throws: `Failure` with the byte offset in the line and what is wrong: JSON that does not
    ///   parse, an unknown key, a record without `t`, `dir` or `kind`, a value out of range, two
    ///   payload keys, or base64 that does not decode.
    public static func decode(_ line: [UInt8]) throws(Failure) -> Line {
        let node = try JSONParser.parseLocated(line)
        guard let members = node.members else {
            throw Failure(offset: node.offset, message: "expected an object, found \(node.typeName)")
        }
        if members.count == 1, members[0].key == "header" {
            return .header(try TapeMetadataJSON.decode(members[0].value))
        }
        func unsigned(_ key: String, max: UInt64) throws(Failure) -> UInt64? {
            guard let value = node.member(key) else { return nil }
            guard let number = value.unsignedInteger, number <= max else {
                throw Failure(offset: value.offset, message: "\"\(key)\" must be an integer from 0 to \(max)")
            }
            return number
        }
        func string(_ key: String) throws(Failure) -> String? {
            guard let value = node.member(key) else { return nil }
            guard case .string(let text) = value.value else {
                throw Failure(offset: value.offset, message: "\"\(key)\" must be a string, found \(value.typeName)")
            }
            return text
        }

        for (key, value) in members where !recordKeys.contains(key) {
            throw Failure(
                offset: value.offset,
                message: "unknown key \"\(key)\" (expected one of: \(recordKeys.sorted().joined(separator: ", ")))")
        }
        _ = try unsigned("seq", max: UInt64(Int.max))
        guard let time = try unsigned("t", max: TapeTimeRange.latestRecordTime) else {
            throw Failure(offset: node.offset, message: "a record needs \"t\" (integer ns since tape start)")
        }
        let connection = try unsigned("conn", max: UInt64(UInt32.max)) ?? 0
        guard let directionName = try string("dir") else { throw Failure(offset: node.offset, message: "a record needs \"dir\"") }
        guard let direction = TapeRecord.Direction(name: directionName) else {
            throw Failure(offset: node.member("dir")?.offset ?? 0, message: "\"dir\" must be one of c2s, s2c, note")
        }
        guard let kindName = try string("kind") else { throw Failure(offset: node.offset, message: "a record needs \"kind\"") }
        guard let kind = TapeRecord.Kind(name: kindName) else {
            throw Failure(
                offset: node.member("kind")?.offset ?? 0,
                message: "\"kind\" must be one of \(TapeRecord.Kind.allCases.map(\.name).joined(separator: ", "))")
        }
        var record = TapeRecord(time: time, connection: UInt32(connection), direction: direction, kind: kind)
        record.fragmentCount = try unsigned("fragments", max: UInt64(UInt32.max)).map { UInt32($0) }
        record.closeCode = try unsigned("code", max: UInt64(UInt16.max)).map { UInt16($0) }
        if let partyName = try string("endedBy") {
            guard let party = TapeRecord.Party(name: partyName) else {
                throw Failure(
                    offset: node.member("endedBy")?.offset ?? 0, message: "\"endedBy\" must be one of client, server, harness")
            }
            record.endedBy = party
        }
        record.refusalStatus = try unsigned("refusalStatus", max: UInt64(UInt16.max)).map { UInt16($0) }

        let payloadKeys = members.filter { ["text", "base64", "reason", "name"].contains($0.key) }
        if payloadKeys.count > 1 {
            throw Failure(
                offset: payloadKeys[1].value.offset,
                message: "a record has one payload: \"\(payloadKeys[0].key)\" and \"\(payloadKeys[1].key)\" are both present")
        }
        if let reason = node.member("reason"), kind != .close {
            throw Failure(offset: reason.offset, message: "\"reason\" is only for close records; use \"text\" or \"base64\"")
        }
        if let name = node.member("name"), kind != .marker {
            throw Failure(offset: name.offset, message: "\"name\" is only for marker records; use \"text\" or \"base64\"")
        }
        let text = try string("text")
        let reason = try string("reason")
        let name = try string("name")
        if let readable = text ?? reason ?? name {
            record.payload = Array(readable.utf8)
        } else if let encoded = try string("base64") {
            switch Base64.decode(Array(encoded.utf8)) {
            case .success(let bytes): record.payload = bytes
            case .failure(let error):
                // +1 skips the opening quote of the string.
                throw Failure(
                    offset: (node.member("base64")?.offset ?? 0) + 1 + error.offset, message: "invalid base64: \(error.reason)")
            }
        }
        return .record(record)
    }
}
