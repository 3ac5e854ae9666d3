/// Reads a tape as a stream: the header at open, then one record per `next()`. Memory depends on
/// the largest record, not on the tape's size.
///
/// A tape whose writer was killed reads up to its last complete record, then `next()` throws
/// `TapeError.truncated`; a failed checksum throws `TapeError.damaged` with the compressed offset
/// of the bad block. Either way `end` then says how reading ended, and later calls return nil.
/// Records of kinds this version does not know are skipped (`skippedRecordCount`).
public final class TapeReader {
    /// The tape's path, as given.
    public let path: String
    /// The tape's header, read at open: its format version and metadata.
    public let header: TapeHeader
    /// Set once reading has ended: cleanly, or by truncation or damage.
    public var end: TapeEnd? { cursor.end }
    /// Records returned so far.
    public var recordCount: Int { cursor.recordCount }
    /// Records of unknown kinds or directions passed over.
    public var skippedRecordCount: Int { cursor.skippedRecordCount }

    /// All the mutable state in one stored property, so reading a record makes one dynamic
    /// exclusivity check on this class, not one per counter.
    private var cursor: Cursor

    /// The size of the tape file (compressed bytes).
    public var compressedBytes: UInt64 { cursor.stream.decoder.fileSize }
    /// Bytes of the record stream decompressed so far (all of it once `end` is `.complete`).
    public var uncompressedBytes: UInt64 { cursor.stream.decoder.uncompressedBytes }

    /// Opens a tape and reads its header; no record is read yet.
    ///
    /// - Parameter path: The tape's path.
    /// - Throws: `TapeError`: `fileNotFound` or `cannotOpen`; `notATape` for a file that is not
    ///   LZ4 or does not start with the tape magic; `unsupportedVersion` for a newer major
    ///   version; `damagedHeader`, `truncated` or `damaged` for a header that cannot be read whole.
    public init(path: String) throws(TapeError) {
        self.path = path
        var stream = RecordStreamBuffer(decoder: try LZ4FrameDecoder(path: path))
        header = try Self.readHeader(&stream, path: path)
        cursor = Cursor(path: path, stream: stream)
    }

    private static func readHeader(_ stream: inout RecordStreamBuffer, path: String) throws(TapeError) -> TapeHeader {
        do {
            let fixed = TapeFormat.headerFixedSize
            guard try stream.require(fixed) else {
                throw TapeError.notATape(path: path, reason: "the LZ4 data is too short to hold a tape header")
            }
            let header = stream.bytes[stream.start..<stream.start + fixed]
            guard header.prefix(8).elementsEqual(TapeFormat.magic) else {
                throw TapeError.notATape(path: path, reason: "it is LZ4 data, but does not start with \"TAPEDECK\"")
            }
            let (major, minor, metadataLength) = header.withUnsafeBytes { raw in
                (
                    ByteWriting.loadLE(UInt16.self, from: raw, at: 8), ByteWriting.loadLE(UInt16.self, from: raw, at: 10),
                    ByteWriting.loadLE(UInt32.self, from: raw, at: 12)
                )
            }
            guard major == TapeFormat.majorVersion else {
                throw TapeError.unsupportedVersion(path: path, major: major, minor: minor)
            }
            guard metadataLength <= TapeFormat.maxMetadataLength else {
                throw TapeError.damagedHeader(
                    path: path, reason: "metadata length \(metadataLength) is over the limit of \(TapeFormat.maxMetadataLength)")
            }
            let total = fixed + Int(metadataLength)
            guard try stream.require(total) else {
                throw TapeError.damagedHeader(path: path, reason: "the record stream ends inside the metadata")
            }
            let json = Array(stream.bytes[stream.start + fixed..<stream.start + total])
            let metadata: TapeMetadata
            do {
                metadata = try TapeMetadataJSON.decode(json)
            } catch {
                throw TapeError.damagedHeader(path: path, reason: "metadata JSON at byte \(error.offset): \(error.message)")
            }
            stream.advance(total)
            return TapeHeader(majorVersion: major, minorVersion: minor, metadata: metadata)
        } catch let stop as LZ4FrameDecoder.Stop {
            throw stop.tapeError(path: path, records: 0)
        } catch let error as TapeError {
            throw error
        } catch {
            throw TapeError.damagedHeader(path: path, reason: "\(error)")
        }
    }

    /// The next record, or nil at the end of a complete tape (and after an error was thrown once).
    ///
    /// - Returns: The next record with its own copy of the payload; nil once reading has ended.
    /// - Throws: `TapeError.truncated` where the file ends before the tape was closed, or
    ///   `TapeError.damaged` at a failed checksum or malformed record; only once, and `end` says so.
    public func next() throws(TapeError) -> TapeRecord? {
        var record: TapeRecord?
        guard try withNextRecord({ record = $0.record() }) else { return nil }
        return record
    }

    /// Reads the next record like `next()` but lends it to `body` instead of copying its payload;
    /// false at the end (and after an error was thrown once). The payload lives in the reader's
    /// buffer: it is valid only while `body` runs, and `body` must not use this reader. Not
    /// generic, so the replay loop pays no generic-metadata lookups per record.
    ///
    /// - Parameter body: Called once with the next record, unless reading has ended.
    /// - Returns: True when `body` was called with a record; false at the end.
    /// - Throws: `TapeError.truncated` or `TapeError.damaged`, as `next()` throws.
    public func withNextRecord(_ body: (TapeRecordView) -> Void) throws(TapeError) -> Bool {
        try cursor.next(body)
    }
}

extension TapeReader {
    /// Where reading stands: the decompressed stream, the counts, and how reading ended.
    struct Cursor {
        let path: String
        var stream: RecordStreamBuffer
        var end: TapeEnd?
        var recordCount = 0
        var skippedRecordCount = 0

        init(path: String, stream: RecordStreamBuffer) {
            self.path = path
            self.stream = stream
        }

        mutating func next(_ body: (TapeRecordView) -> Void) throws(TapeError) -> Bool {
            guard end == nil else { return false }
            do {
                while true {
                    switch try stream.nextRecord(index: recordCount + skippedRecordCount, body) {
                    case .record:
                        recordCount += 1
                        return true
                    case .unknown:
                        skippedRecordCount += 1
                    case .end:
                        end = .complete
                        return false
                    case .damaged(let reason):
                        throw damage(reason)
                    }
                }
            } catch let stop as LZ4FrameDecoder.Stop {
                let error = stop.tapeError(path: path, records: recordCount)
                switch stop {
                case .truncated(let offset): end = .truncated(afterRecords: recordCount, atByte: offset)
                case .damaged(let offset, let reason): end = .damaged(afterRecords: recordCount, atByte: offset, reason: reason)
                case .notLZ4(let reason):
                    end = .damaged(afterRecords: recordCount, atByte: stream.decoder.consumed, reason: reason)
                case .io(let error):
                    end = .damaged(afterRecords: recordCount, atByte: stream.decoder.consumed, reason: error.description)
                }
                throw error
            } catch let error as TapeError {
                throw error
            } catch {
                throw TapeError.damaged(
                    path: path, afterRecords: recordCount, atByte: stream.decoder.consumed, reason: "\(error)")
            }
        }

        /// Marks the tape damaged at the decoder's position and returns the error to throw.
        private mutating func damage(_ reason: String) -> TapeError {
            let offset = stream.decoder.consumed
            end = .damaged(afterRecords: recordCount, atByte: offset, reason: reason)
            return .damaged(path: path, afterRecords: recordCount, atByte: offset, reason: reason)
        }
    }
}
