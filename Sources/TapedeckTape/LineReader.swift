#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file line by line (split at "\n") with POSIX reads; memory follows the longest line, up
/// to `maxLineLength` bytes: a longer line is an error as soon as that many bytes are read without
/// a newline, so a 2 GB line costs no more than the limit (issue 34, finding 8). The buffer grows
/// with `realloc`, which moves a large block's pages instead of copying them, so the peak stays at
/// the limit plus one read's worth, not the old and the new buffer side by side (issue 41, finding 10).
public final class LineReader {
    /// The file's path, as given.
    public let path: String
    /// The longest line read, in bytes without its newline; at least 1.
    public let maxLineLength: Int
    private let fd: Int32
    /// `buffer[start..<filled]` holds bytes read but not yet returned; `capacity` bytes are allocated.
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = 256 * 1024
    private var start = 0
    private var filled = 0
    private var atEndOfFile = false
    private var offset: UInt64 = 0
    /// Lines returned so far, to name the line that is too long.
    private var linesRead = 0

    /// Opens the file; nothing is read yet.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - maxLineLength: The longest line read, in bytes without its newline; less than 1 counts as 1.
    /// - Throws: `TapeError` when the file is missing or cannot be opened.
    public init(path: String, maxLineLength: Int) throws(TapeError) {
        self.path = path
        self.maxLineLength = max(maxLineLength, 1)
        fd = try POSIXFile.openForReading(path)
        buffer = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        POSIXFile.closeFile(fd)
        free(buffer)
    }

    /// The next line without its "\n", or nil at the end of the file. Throws `lineTooLong` for a
    /// line over `maxLineLength` bytes.
    ///
    /// - Returns: The line's bytes ("\r" kept); a last line without a newline is returned too, and
    ///   a file ending in "\n" has no empty line after it. Nil at the end of the file.
    /// - Throws: `TapeError.lineTooLong` with the line's number (from 1), or the error of a read that
    ///   fails.
    public func nextLine() throws(TapeError) -> [UInt8]? {
        var searchFrom = start
        while true {
            let (from, end) = (searchFrom, filled)
            let found: Int? =
                if from < end, let hit = memchr(buffer + from, 0x0A, end - from) {
                    UnsafeRawPointer(buffer).distance(to: UnsafeRawPointer(hit))
                } else {
                    nil
                }
            let length = (found ?? filled) - start
            guard length <= maxLineLength else {
                throw .lineTooLong(path: path, line: linesRead + 1, limit: maxLineLength)
            }
            if let newline = found {
                let line = Array(UnsafeBufferPointer(start: buffer + start, count: newline - start))
                start = newline + 1
                linesRead += 1
                return line
            }
            if atEndOfFile {
                guard start < filled else { return nil }
                let line = Array(UnsafeBufferPointer(start: buffer + start, count: filled - start))
                start = filled
                linesRead += 1
                return line
            }
            searchFrom = filled - start
            try refill()
        }
    }

    /// Moves unread bytes to the front, grows the buffer when a line fills it (to one byte over the
    /// limit at most, enough to see that a line is too long), and reads more.
    private func refill() throws(TapeError) {
        let kept = filled - start
        if start > 0 {
            UnsafeMutableRawPointer(buffer).copyMemory(from: buffer + start, byteCount: kept)
            start = 0
            filled = kept
        }
        if filled == capacity {
            let grown = min(capacity * 2, max(maxLineLength + 1, capacity + 1))
            guard let moved = realloc(buffer, grown) else {
                throw .cannotOpen(path: path, reason: "out of memory for a line of \(grown) bytes")
            }
            buffer = moved.assumingMemoryBound(to: UInt8.self)
            capacity = grown
        }
        let got = try POSIXFile.read(fd, into: buffer + filled, count: capacity - filled, path: path, offset: offset)
        filled += got
        offset += UInt64(got)
        if got == 0 { atEndOfFile = true }
    }
}
