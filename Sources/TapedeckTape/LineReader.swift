/// Reads a file line by line (split at "\n") with POSIX reads; memory follows the longest line.
public final class LineReader {
    public let path: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
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
            if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if atEndOfFile {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            searchFrom = buffer.count
            let chunk = 256 * 1024
            let oldCount = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            let result: Result<Int, TapeError> = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(TapeError) in
                    try POSIXFile.read(fd, into: raw.baseAddress! + oldCount, count: chunk, path: path, offset: offset)
                }
            }
            let got = try result.get()
            buffer.removeLast(chunk - got)
            offset += UInt64(got)
            if got == 0 { atEndOfFile = true }
        }
    }
}
