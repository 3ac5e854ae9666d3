/// Reads a file line by line (split at "\n") with POSIX reads; memory follows the longest line.
public final class LineReader {
    public let path: String
    private let fd: Int32
    /// `buffer[start..<filled]` holds bytes read but not yet returned.
    private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    private var start = 0
    private var filled = 0
    private var atEndOfFile = false
    private var offset: UInt64 = 0

    public init(path: String) throws(TapeError) {
        self.path = path
        fd = try POSIXFile.openForReading(path)
    }

    deinit { POSIXFile.closeFile(fd) }

    /// The next line without its "\n", or nil at the end of the file.
    public func nextLine() throws(TapeError) -> [UInt8]? {
        var searchFrom = start
        while true {
            let end = filled
            let found: Int? = buffer.withUnsafeBufferPointer { bytes in
                var index = searchFrom
                while index < end, bytes[index] != 0x0A { index += 1 }
                return index < end ? index : nil
            }
            if let newline = found {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if atEndOfFile {
                guard start < filled else { return nil }
                let line = Array(buffer[start..<filled])
                start = filled
                return line
            }
            searchFrom = filled - start
            try refill()
        }
    }

    /// Moves unread bytes to the front, grows the buffer when a line fills it, and reads more.
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
            var grown = [UInt8](repeating: 0, count: buffer.count * 2)
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
