#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file line by line (split at "\n") with POSIX reads; memory follows the longest line, up
/// to `maxLineLength` bytes: a longer line is an error as soon as that many bytes are read without
/// a newline, so a 2 GB line costs no more than the limit (issue 34, finding 8).
public final class LineReader {
    public let path: String
    public let maxLineLength: Int
    private let fd: Int32
    /// `buffer[start..<filled]` holds bytes read but not yet returned.
    private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    private var start = 0
    private var filled = 0
    private var atEndOfFile = false
    private var offset: UInt64 = 0
    /// Lines returned so far, to name the line that is too long.
    private var linesRead = 0

    public init(path: String, maxLineLength: Int) throws(TapeError) {
        self.path = path
        self.maxLineLength = max(maxLineLength, 1)
        fd = try POSIXFile.openForReading(path)
    }

    deinit { POSIXFile.closeFile(fd) }

    /// The next line without its "\n", or nil at the end of the file. Throws `lineTooLong` for a
    /// line over `maxLineLength` bytes.
    public func nextLine() throws(TapeError) -> [UInt8]? {
        var searchFrom = start
        while true {
            let (from, end) = (searchFrom, filled)
            let found: Int? = buffer.withUnsafeBytes { bytes in
                guard from < end, let hit = memchr(bytes.baseAddress! + from, 0x0A, end - from) else { return nil }
                return bytes.baseAddress!.distance(to: UnsafeRawPointer(hit))
            }
            let length = (found ?? filled) - start
            guard length <= maxLineLength else {
                throw .lineTooLong(path: path, line: linesRead + 1, limit: maxLineLength)
            }
            if let newline = found {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                linesRead += 1
                return line
            }
            if atEndOfFile {
                guard start < filled else { return nil }
                let line = Array(buffer[start..<filled])
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
            buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: kept)
            }
            start = 0
            filled = kept
        }
        if filled == buffer.count {
            var grown = [UInt8](repeating: 0, count: min(buffer.count * 2, max(maxLineLength + 1, buffer.count + 1)))
            grown.withUnsafeMutableBytes { to in
                buffer.withUnsafeBytes { from in to.baseAddress!.copyMemory(from: from.baseAddress!, byteCount: filled) }
            }
            buffer = grown
        }
        let space = buffer.count - filled
        let at = filled
        let result: Result<Int, TapeError> = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(TapeError) in
                try POSIXFile.read(fd, into: raw.baseAddress! + at, count: space, path: path, offset: offset)
            }
        }
        let got = try result.get()
        filled += got
        offset += UInt64(got)
        if got == 0 { atEndOfFile = true }
    }
}
