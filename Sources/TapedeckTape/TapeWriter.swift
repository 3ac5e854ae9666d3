/// Writes a tape: one LZ4 frame (independent 64 KiB blocks, block checksums, content checksum;
/// `LZ4FrameEncoder`, LZ4 in Swift) holding the header and then the records. The one tape writer:
/// the proxy, the command line, scenarios, repro and the in-app flight recorder all write with it.
///
/// Records collect in memory until a flush. A flush compresses them into blocks that end there
/// and `write`s them to the file, so everything flushed survives the process being killed.
/// Flushes happen when `flushThreshold` bytes are waiting, and when the oldest waiting record
/// is `flushInterval` old: the writer never reads a clock, so it judges age by the time of each
/// appended record and by `flushIfDue(now:)`, which the network edge calls from a timer with its
/// monotonic clock (`TapeClock`). `close()` ends the frame with its content checksum.
/// With `TapeWriterOptions.replacesAtClose` the tape goes to a temporary file that `close()`
/// renames over `path`, so the path holds the old file or the whole new tape, never a part.
///
/// Not thread-safe: use one writer from one task or thread.
public final class TapeWriter {
    /// The tape's path, as given.
    public let path: String
    /// When the writer flushes, and how it creates the file.
    public let options: TapeWriterOptions
    /// Records appended so far.
    public private(set) var recordCount = 0
    /// Records that have been handed to the operating system.
    public private(set) var flushedRecordCount = 0
    /// Bytes of the record stream (header included) written so far, before compression.
    public private(set) var uncompressedBytes: UInt64 = 0
    /// Bytes written to the file so far.
    public private(set) var compressedBytes: UInt64 = 0
    /// Whether `close()` has run: appends and flushes then throw `writerClosed`.
    public private(set) var isClosed = false
    /// Times of the first and the last record appended, if any.
    public private(set) var firstTime: UInt64?
    /// The last record's time (ns since the tape started); nil before the first record.
    public private(set) var lastTime: UInt64?

    private var fd: Int32
    /// With `options.replacesAtClose`: the temporary file `fd` belongs to.
    private var replacing: ReplacingFile?
    private var encoder = LZ4FrameEncoder()
    private var pending: [UInt8] = []
    /// Tape time of the oldest record in `pending`.
    private var pendingSince: UInt64?
    /// One encoded block at a time.
    private var output = [UInt8](repeating: 0, count: LZ4FrameEncoder.maxBlockOutput)

    /// Throws `metadataTooLarge`, before creating any file, for metadata readers would refuse.
    ///
    /// Creates the file (or, with `replacesAtClose`, a temporary file beside it) and writes the
    /// frame header and the tape header at once, so a writer killed before its first record leaves
    /// a readable empty tape.
    ///
    /// - Parameters:
    ///   - path: Where to write the tape; an existing file is truncated, unless `options` say to
    ///     replace it at `close()` or to create only a new file.
    ///   - metadata: What the tape's header says about the session.
    ///   - options: When to flush and how to create the file; the recorder's defaults by default.
    /// - Throws: `TapeError.metadataTooLarge`; `pathTaken` with `createsNewFile` when something is
    ///   at the path; `cannotOpen` or `writeFailed` when the file cannot be created or written.
    public init(path: String, metadata: TapeMetadata, options: TapeWriterOptions = TapeWriterOptions()) throws(TapeError) {
        let header = try TapeHeader(metadata: metadata).encoded(for: path)
        self.path = path
        self.options = options
        if options.replacesAtClose {
            let file = try ReplacingFile(path: path)
            replacing = file
            fd = file.fd
        } else if options.createsNewFile {
            fd = try POSIXFile.createNew(path)
        } else {
            fd = try POSIXFile.createForWriting(path)
        }
        try write(LZ4FrameEncoder.frameHeader)
        // The header goes out at once: a writer killed before its first record leaves a readable empty tape.
        pending = header
        try flush()
    }

    /// Continues a tape that an earlier writer closed: a new LZ4 frame at the end of the file,
    /// whose records follow the earlier frames' in the record stream (docs/TAPE-FORMAT.md, section 2).
    /// A recorder that waits for a session to come back closes its tape in between, so the wait
    /// holds no open file and a tape killed during it reads as complete.
    ///
    /// - Parameters:
    ///   - path: A tape another writer closed; it is opened to append, never created or truncated.
    ///   - lastTime: The time of the tape's last record: no record may come before it.
    ///   - options: When to flush; `replacesAtClose` and `createsNewFile` do not apply.
    /// - Throws: `TapeError.cannotOpen` when the file is gone or cannot be opened for writing;
    ///   `writeFailed` when the frame header cannot be written.
    public init(appendingTo path: String, lastTime: UInt64?, options: TapeWriterOptions = TapeWriterOptions()) throws(TapeError) {
        self.path = path
        self.options = options
        self.lastTime = lastTime
        fd = try POSIXFile.openForAppending(path)
        try write(LZ4FrameEncoder.frameHeader)
    }

    deinit {
        // A writer dropped without close() leaves a tape that reads as truncated after its last flush.
        // A replacing writer dropped without close() removes its temporary file: the path is untouched.
        if let replacing { replacing.discard() } else if !isClosed { POSIXFile.closeFile(fd) }
    }

    /// Adds a record. Its time must not be before the previous record's.
    ///
    /// - Parameter record: The record; flushed at once when `flushThreshold` bytes are waiting or
    ///   its time makes the oldest waiting record `flushInterval` old.
    /// - Throws: `TapeError.writerClosed` after `close()`; `recordTooLarge` over
    ///   `TapeFormat.maxRecordLength`; `timeWentBackwards` for a time before the previous record's;
    ///   `writeFailed` when a flush fails. A refused record is not added.
    public func append(_ record: TapeRecord) throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        let length = TapeRecordCodec.encodedLength(record)
        guard length <= UInt64(TapeFormat.maxRecordLength) else { throw .recordTooLarge(record: recordCount, length: length) }
        if let lastTime, record.time < lastTime {
            throw .timeWentBackwards(record: recordCount, previous: lastTime, time: record.time)
        }
        if firstTime == nil { firstTime = record.time }
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

    /// Bytes of encoded records waiting for the next flush.
    public var pendingBytes: Int { pending.count }

    /// The tape time at which `flushIfDue(now:)` will flush, or nil when nothing is waiting.
    /// A timer at the network edge can sleep until then.
    public var nextFlushDue: UInt64? {
        pendingSince.map { $0.addingReportingOverflow(options.flushInterval).overflow ? UInt64.max : $0 + options.flushInterval }
    }

    /// Flushes if the oldest waiting record is at least `flushInterval` old at tape time `now`.
    /// Returns whether it flushed. Call it from a timer so quiet periods still get flushed.
    ///
    /// - Parameter now: The tape time now, in nanoseconds since the tape started (`TapeClock`).
    /// - Returns: True when it flushed; false when nothing was due, or the writer is closed.
    /// - Throws: `TapeError.writeFailed` when the flush fails.
    @discardableResult
    public func flushIfDue(now: UInt64) throws(TapeError) -> Bool {
        guard !isClosed, let since = pendingSince, now >= since, now - since >= options.flushInterval else { return false }
        try flush()
        return true
    }

    /// Compresses what is waiting into blocks that end here and writes them to the file.
    ///
    /// - Throws: `TapeError.writerClosed` after `close()`; `writeFailed` when the write (or, with
    ///   `syncOnFlush`, the fsync) fails.
    public func flush() throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        guard !pending.isEmpty else { return }
        try writePending()
        if options.syncOnFlush { try POSIXFile.sync(fd, path: path) }
        flushedRecordCount = recordCount
    }

    /// Writes what is waiting, ends the frame with its content checksum and closes the file.
    /// A second call does nothing.
    ///
    /// - Throws: `TapeError.writeFailed` when the last blocks, the sync or (with `replacesAtClose`)
    ///   the rename fail; a replacing writer then leaves `path` as it was.
    public func close() throws(TapeError) {
        guard !isClosed else { return }
        try writePending()
        try write(encoder.frameEnd())
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

    /// Encodes `pending` into blocks of at most 64 KiB, writes them and empties it.
    private func writePending() throws(TapeError) {
        let count = pending.count
        var start = 0
        while start < count {
            let end = min(start + LZ4FrameEncoder.maxBlockInput, count)
            let size = pending.withUnsafeBytes { all in
                output.withUnsafeMutableBytes { out in
                    encoder.encodeBlock(UnsafeRawBufferPointer(rebasing: all[start..<end]), into: out.baseAddress!)
                }
            }
            try write(output, count: size)
            start = end
        }
        uncompressedBytes += UInt64(count)
        // Keeps a buffer in proportion to the threshold (a writer that flushes itself passes `Int.max`).
        pending.removeAll(keepingCapacity: pending.capacity / 4 <= max(options.flushThreshold, LZ4FrameEncoder.maxBlockInput))
        pendingSince = nil
    }

    /// Writes the first `count` bytes of `bytes` (all of them by default) to the file.
    private func write(_ bytes: [UInt8], count: Int? = nil) throws(TapeError) {
        let count = count ?? bytes.count
        let result: Result<Void, TapeError> = bytes.withUnsafeBytes { raw in
            Result { () throws(TapeError) in
                try POSIXFile.writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[0..<count]), path: path)
            }
        }
        try result.get()
        compressedBytes += UInt64(count)
    }
}
