/// Encodes and decodes records in the record stream (docs/TAPE-FORMAT.md, "Records").
///
///     u32 length            bytes after this field (16 + extension length + payload length)
///     u64 time              ns since tape start
///     u32 connection
///     u8  direction
///     u8  kind
///     u16 extension length  E
///     E bytes extensions    (tag u8, length u8, value) entries
///     payload               the rest
///
/// All integers little-endian.
public enum TapeRecordCodec {
    /// Appends the encoded record to `bytes`.
    ///
    /// - Parameters:
    ///   - record: The record; its length is not checked here (see `encodedLength(_:)`).
    ///   - bytes: The record stream so far; the length field and the record are appended.
    public static func append(_ record: TapeRecord, to bytes: inout [UInt8]) {
        var extensionLength = 0
        if record.closeCode != nil { extensionLength += 4 }
        if record.fragmentCount != nil { extensionLength += 6 }
        if record.endedBy != nil { extensionLength += 3 }
        if record.refusalStatus != nil { extensionLength += 4 }
        let length = TapeFormat.recordFixedSize + extensionLength + record.payload.count
        bytes.reserveCapacity(bytes.count + TapeFormat.recordLengthSize + length)
        ByteWriting.appendLE(UInt32(truncatingIfNeeded: length), to: &bytes)
        ByteWriting.appendLE(record.time, to: &bytes)
        ByteWriting.appendLE(record.connection, to: &bytes)
        bytes.append(record.direction.rawValue)
        bytes.append(record.kind.rawValue)
        ByteWriting.appendLE(UInt16(extensionLength), to: &bytes)
        if let code = record.closeCode {
            bytes += [TapeFormat.ExtensionTag.closeCode.rawValue, 2]
            ByteWriting.appendLE(code, to: &bytes)
        }
        if let fragments = record.fragmentCount {
            bytes += [TapeFormat.ExtensionTag.fragmentCount.rawValue, 4]
            ByteWriting.appendLE(fragments, to: &bytes)
        }
        if let party = record.endedBy {
            bytes += [TapeFormat.ExtensionTag.endedBy.rawValue, 1, party.rawValue]
        }
        if let status = record.refusalStatus {
            bytes += [TapeFormat.ExtensionTag.refusalStatus.rawValue, 2]
            ByteWriting.appendLE(status, to: &bytes)
        }
        bytes += record.payload
    }

    /// The length field value of an encoded record, used to refuse oversized records before writing.
    ///
    /// - Parameter record: The record.
    /// - Returns: The bytes after the length field: the fixed 16, the extensions (4 for a close
    ///   code, 6 for a fragment count, 3 for who ended the connection, 4 for a refusal's status) and
    ///   the payload.
    public static func encodedLength(_ record: TapeRecord) -> UInt64 {
        UInt64(TapeFormat.recordFixedSize) + (record.closeCode != nil ? 4 : 0)
            + (record.fragmentCount != nil ? 6 : 0) + (record.endedBy != nil ? 3 : 0)
            + (record.refusalStatus != nil ? 4 : 0) + UInt64(record.payload.count)
    }

    /// The result of decoding one record body.
    public enum Decoded {
        /// A record of a known kind and direction.
        case record(TapeRecord)
        /// A kind or direction this reader does not know: skipped, as the format allows.
        case unknown(kind: UInt8, direction: UInt8)
        /// The body breaks the format (too short, an extension running past its area), and why.
        case malformed(String)
    }

    /// Decodes a record body (the `length` bytes after the length field).
    ///
    /// - Parameter body: The record's bytes after its length field.
    /// - Returns: The record (unknown extensions skipped), an unknown kind or direction, or why
    ///   the body is malformed.
    public static func decodeBody(_ body: UnsafeRawBufferPointer) -> Decoded {
        switch decodeView(body) {
        case .record(let view): .record(view.record())
        case .unknown(let kind, let direction): .unknown(kind: kind, direction: direction)
        case .malformed(let reason): .malformed(reason)
        }
    }

    /// `decodeBody` without the payload copy: the view's payload points into `body`.
    enum DecodedView {
        case record(TapeRecordView)
        case unknown(kind: UInt8, direction: UInt8)
        case malformed(String)
    }

    static func decodeView(_ body: UnsafeRawBufferPointer) -> DecodedView {
        guard body.count >= TapeFormat.recordFixedSize else {
            return .malformed("record length \(body.count) is shorter than the \(TapeFormat.recordFixedSize)-byte fixed part")
        }
        let time = ByteWriting.loadLE(UInt64.self, from: body, at: 0)
        let connection = ByteWriting.loadLE(UInt32.self, from: body, at: 8)
        let directionCode = body[12]
        let kindCode = body[13]
        let extensionLength = Int(ByteWriting.loadLE(UInt16.self, from: body, at: 14))
        let payloadStart = TapeFormat.recordFixedSize + extensionLength
        guard payloadStart <= body.count else {
            return .malformed("extension length \(extensionLength) runs past the end of the record")
        }
        guard let direction = TapeRecord.Direction(rawValue: directionCode),
            let kind = TapeRecord.Kind(rawValue: kindCode)
        else {
            return .unknown(kind: kindCode, direction: directionCode)
        }
        var closeCode: UInt16? = nil
        var fragmentCount: UInt32? = nil
        var endedBy: TapeRecord.Party? = nil
        var refusalStatus: UInt16? = nil
        var cursor = TapeFormat.recordFixedSize
        while cursor < payloadStart {
            guard cursor + 2 <= payloadStart else { return .malformed("extension entry header runs past the extension area") }
            let tag = body[cursor]
            let valueLength = Int(body[cursor + 1])
            let valueStart = cursor + 2
            guard valueStart + valueLength <= payloadStart else {
                return .malformed("extension \(tag) of \(valueLength) bytes runs past the extension area")
            }
            switch TapeFormat.ExtensionTag(rawValue: tag) {
            case .closeCode where valueLength == 2:
                closeCode = ByteWriting.loadLE(UInt16.self, from: body, at: valueStart)
            case .fragmentCount where valueLength == 4:
                fragmentCount = ByteWriting.loadLE(UInt32.self, from: body, at: valueStart)
            case .endedBy where valueLength == 1:
                // A party this reader does not know is left unsaid, as an unknown tag is skipped.
                endedBy = TapeRecord.Party(rawValue: body[valueStart])
            case .refusalStatus where valueLength == 2:
                refusalStatus = ByteWriting.loadLE(UInt16.self, from: body, at: valueStart)
            case .closeCode, .fragmentCount, .endedBy, .refusalStatus:
                return .malformed("extension \(tag) has length \(valueLength)")
            case nil:
                break // unknown extensions are skipped
            }
            cursor = valueStart + valueLength
        }
        return .record(
            TapeRecordView(
                time: time, connection: connection, direction: direction, kind: kind,
                closeCode: closeCode, fragmentCount: fragmentCount, endedBy: endedBy, refusalStatus: refusalStatus,
                payload: UnsafeRawBufferPointer(rebasing: body[payloadStart...])))
    }
}
