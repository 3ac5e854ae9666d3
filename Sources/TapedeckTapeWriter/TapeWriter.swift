import CLZ4
import TapedeckTape

/// Writes a tape: one LZ4 frame (independent 64 KiB blocks, block checksums, content checksum)
/// holding the header and then the records.
///
/// Records collect in memory until a flush. A flush compresses them, ends the LZ4 block
/// (`LZ4F_flush`) and `write`s it to the file, so everything flushed survives the process being
/// killed. Flushes happen when `flushThreshold` bytes are waiting, and when the oldest waiting record
/// is `flushInterval` old: the writer never reads a clock, so it judges age by the time of each
/// appended record and by `flushIfDue(now:)`, which the network edge calls from a timer with its
/// monotonic clock (`TapeClock`). `close()` ends the frame with its content checksum.
/// With `TapeWriterOptions.replacesAtClose` the tape goes to a temporary file that `close()`
/// renames over `path`, so the path holds the old file or the whole new tape, never a part.
///
/// Not thread-safe: use one writer from one task or thread.
public final class TapeWriter {
    public let path: String
    public let options: TapeWriterOptions
    public private(set) var recordCount = 0
    /// Records that have been handed to the operating system.
    public private(set) var flushedRecordCount = 0
    /// Bytes of the record stream (header included) written so far, before compression.
    public private(set) var uncompressedBytes: UInt64 = 0
    /// Bytes written to the file so far.
    public private(set) var compressedBytes: UInt64 = 0
    public private(set) var isClosed = false

    private var fd: Int32
    /// With `options.replacesAtClose`: the temporary file `fd` belongs to.
    private var replacing: ReplacingFile?
    private var context: OpaquePointer?
    private var preferences: LZ4F_preferences_t
    private var pending: [UInt8] = []
    /// Tape time of the oldest record in `pending`.
    private var pendingSince: UInt64?
    private var lastTime: UInt64 = 0
    private var output: [UInt8]
    /// Input is fed to LZ4 in slices this big so `output` stays bounded.
    private static let chunkSize = 64 * 1024

    /// Throws `metadataTooLarge`, before creating any file, for metadata readers would refuse.
    public init(path: String, metadata: TapeMetadata, options: TapeWriterOptions = TapeWriterOptions()) throws(TapeError) {
        let header = try TapeHeader(metadata: metadata).encoded(for: path)
        self.path = path
        self.options = options
        var preferences = LZ4F_preferences_t()
        preferences.frameInfo.blockSizeID = LZ4F_max64KB
        preferences.frameInfo.blockMode = LZ4F_blockIndependent
        preferences.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled
        preferences.frameInfo.blockChecksumFlag = LZ4F_blockChecksumEnabled
        preferences.compressionLevel = options.compressionLevel
        self.preferences = preferences
        output = [UInt8](repeating: 0, count: LZ4F_compressBound(Self.chunkSize, &preferences) + Int(LZ4F_HEADER_SIZE_MAX))

        var context: OpaquePointer?
        let created = LZ4F_createCompressionContext(&context, UInt32(LZ4F_VERSION))
        guard LZ4F_isError(created) == 0, let context else {
            throw .compressionFailed(path: path, reason: String(cString: LZ4F_getErrorName(created)))
        }
        self.context = context
        do {
            if options.replacesAtClose {
                let file = try ReplacingFile(path: path)
                replacing = file
                fd = file.fd
            } else {
                fd = try POSIXFile.createForWriting(path)
            }
        } catch {
            LZ4F_freeCompressionContext(context)
            self.context = nil
            throw error
        }

        let headerSize = output.withUnsafeMutableBytes { out in
            LZ4F_compressBegin(context, out.baseAddress, out.count, &self.preferences)
        }
        guard LZ4F_isError(headerSize) == 0 else {
            throw .compressionFailed(path: path, reason: String(cString: LZ4F_getErrorName(headerSize)))
        }
        try writeOutput(headerSize)
        // The header goes out at once: a writer killed before its first record leaves a readable empty tape.
        pending = header
        try flush()
    }

    deinit {
        // A writer dropped without close() leaves a tape that reads as truncated after its last flush.
        // A replacing writer dropped without close() removes its temporary file: the path is untouched.
        if let context { LZ4F_freeCompressionContext(context) }
        if let replacing { replacing.discard() } else if !isClosed { POSIXFile.closeFile(fd) }
    }

    /// Adds a record. Its time must not be before the previous record's.
    public func append(_ record: TapeRecord) throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        let length = TapeRecordCodec.encodedLength(record)
        guard length <= UInt64(TapeFormat.maxRecordLength) else { throw .recordTooLarge(record: recordCount, length: length) }
        guard record.time >= lastTime else {
            throw .timeWentBackwards(record: recordCount, previous: lastTime, time: record.time)
        }
        lastTime = record.time
        if pendingSince == nil { pendingSince = record.time }
        TapeRecordCodec.append(record, to: &pending)
        recordCount += 1
        if pending.count >= options.flushThreshold {
            try flush()
        } else {
            try flushIfDue(now: record.time)
        }
    }

    /// The tape time at which `flushIfDue(now:)` will flush, or nil when nothing is waiting.
    /// A timer at the network edge can sleep until then.
    public var nextFlushDue: UInt64? {
        pendingSince.map { $0.addingReportingOverflow(options.flushInterval).overflow ? UInt64.max : $0 + options.flushInterval }
    }

    /// Flushes if the oldest waiting record is at least `flushInterval` old at tape time `now`.
    /// Returns whether it flushed. Call it from a timer so quiet periods still get flushed.
    @discardableResult
    public func flushIfDue(now: UInt64) throws(TapeError) -> Bool {
        guard !isClosed, let since = pendingSince, now >= since, now - since >= options.flushInterval else { return false }
        try flush()
        return true
    }

    /// Compresses what is waiting, ends the block and writes it to the file.
    public func flush() throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        guard !pending.isEmpty else { return }
        try compressPending()
        let size = output.withUnsafeMutableBytes { out in LZ4F_flush(context, out.baseAddress, out.count, nil) }
        guard LZ4F_isError(size) == 0 else {
            throw .compressionFailed(path: path, reason: String(cString: LZ4F_getErrorName(size)))
        }
        try writeOutput(size)
        if options.syncOnFlush { try POSIXFile.sync(fd, path: path) }
        flushedRecordCount = recordCount
    }

    /// Writes what is waiting, ends the frame with its content checksum and closes the file.
    public func close() throws(TapeError) {
        guard !isClosed else { return }
        try compressPending()
        let size = output.withUnsafeMutableBytes { out in LZ4F_compressEnd(context, out.baseAddress, out.count, nil) }
        guard LZ4F_isError(size) == 0 else {
            throw .compressionFailed(path: path, reason: String(cString: LZ4F_getErrorName(size)))
        }
        try writeOutput(size)
        if let replacing {
            // Synced, closed and renamed over the path; on failure the temporary file is removed.
            isClosed = true
            try replacing.commit()
        } else {
            if options.syncOnFlush { try POSIXFile.sync(fd, path: path) }
            isClosed = true
            POSIXFile.closeFile(fd)
        }
        flushedRecordCount = recordCount
    }

    private func compressPending() throws(TapeError) {
        var start = 0
        while start < pending.count {
            let end = min(start + Self.chunkSize, pending.count)
            let size = pending.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    LZ4F_compressUpdate(context, out.baseAddress, out.count, input.baseAddress! + start, end - start, nil)
                }
            }
            guard LZ4F_isError(size) == 0 else {
                throw .compressionFailed(path: path, reason: String(cString: LZ4F_getErrorName(size)))
            }
            try writeOutput(size)
            start = end
        }
        uncompressedBytes += UInt64(pending.count)
        pending.removeAll(keepingCapacity: pending.capacity <= 4 * options.flushThreshold)
        pendingSince = nil
    }

    private func writeOutput(_ count: Int) throws(TapeError) {
        guard count > 0 else { return }
        let result: Result<Void, TapeError> = output.withUnsafeBytes { out in
            Result { () throws(TapeError) in
                try POSIXFile.writeAll(fd, UnsafeRawBufferPointer(rebasing: out[0..<count]), path: path)
            }
        }
        try result.get()
        compressedBytes += UInt64(count)
    }
}
