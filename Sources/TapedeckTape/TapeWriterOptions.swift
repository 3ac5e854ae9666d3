/// When a `TapeWriter` ends a block and hands it to the operating system.
public struct TapeWriterOptions: Sendable, Equatable {
    /// The oldest unflushed record waits at most this long (ns of tape time) before a flush. 100 ms.
    public var flushInterval: UInt64
    /// Flush as soon as this many uncompressed bytes are waiting. 64 KiB.
    public var flushThreshold: Int
    /// Also fsync after each flush (survives power loss, not only a killed process). Costs latency.
    public var syncOnFlush: Bool
    /// Write to a temporary file beside the path and rename it over the path at `close()`
    /// (`ReplacingFile`): nobody ever sees half a tape there, and a writer that fails or is dropped
    /// before `close()` leaves the path as it was. For tapes written in one go (`import`, `shrink`,
    /// `promote`); the recorder leaves it off, so a killed recorder keeps every flushed record.
    public var replacesAtClose: Bool
    /// Create the file only if nothing is at the path (O_EXCL | O_NOFOLLOW): never write through a
    /// symbolic link, into a FIFO or over a file already there. `TapeError.pathTaken` when something
    /// is. For the flight recorder's segments, whose names anyone with the folder can plant.
    public var createsNewFile: Bool

    /// Options with the recorder's defaults: flush within 100 ms or at 64 KiB, no fsync, write in place.
    ///
    /// - Parameters:
    ///   - flushInterval: The longest the oldest unflushed record waits, in nanoseconds of tape time.
    ///   - flushThreshold: The uncompressed bytes waiting that force a flush.
    ///   - syncOnFlush: Whether to fsync after each flush.
    ///   - replacesAtClose: Whether to write beside the path and rename over it at `close()`.
    ///   - createsNewFile: Whether to create the file only when nothing is at the path.
    public init(
        flushInterval: UInt64 = 100_000_000, flushThreshold: Int = 64 * 1024,
        syncOnFlush: Bool = false, replacesAtClose: Bool = false, createsNewFile: Bool = false
    ) {
        self.flushInterval = flushInterval
        self.flushThreshold = flushThreshold
        self.syncOnFlush = syncOnFlush
        self.replacesAtClose = replacesAtClose
        self.createsNewFile = createsNewFile
    }
}
