/// A buffered POSIX output: a file it creates, or standard output.
public final class OutputFile {
    public let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private static let bufferSize = 256 * 1024

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws(TapeError) {
        self.path = path
        fd = try POSIXFile.createForWriting(path)
        ownsDescriptor = true
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes to standard output.
    public init(standardOutput: Void = ()) {
        path = "<stdout>"
        fd = 1
        ownsDescriptor = false
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        try? flush()
        if ownsDescriptor { POSIXFile.closeFile(fd) }
    }

    public func write(_ bytes: [UInt8]) throws(TapeError) {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            let result: Result<Void, TapeError> = bytes.withUnsafeBytes { raw in
                Result { () throws(TapeError) in try POSIXFile.writeAll(fd, raw, path: path) }
            }
            try result.get()
        } else {
            buffer += bytes
        }
    }

    public func write(_ text: String) throws(TapeError) { try write(Array(text.utf8)) }

    public func flush() throws(TapeError) {
        guard !buffer.isEmpty else { return }
        let result: Result<Void, TapeError> = buffer.withUnsafeBytes { raw in
            Result { () throws(TapeError) in try POSIXFile.writeAll(fd, raw, path: path) }
        }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }
}
