/// A buffered POSIX output: a file it creates, a file it replaces whole (`init(replacing:)`), or
/// standard output.
public final class OutputFile {
    public let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// With `init(replacing:)`: the temporary file `fd` belongs to, renamed over `path` by `commit()`.
    private let replacing: ReplacingFile?
    private var buffer: [UInt8] = []
    private static let bufferSize = 256 * 1024

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws(TapeError) {
        self.path = path
        fd = try POSIXFile.createForWriting(path)
        ownsDescriptor = true
        replacing = nil
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes to a temporary file beside `path` that `commit()` renames over it: `path` holds its
    /// old bytes until then, and keeps them if the output is dropped without `commit()`.
    public init(replacing path: String) throws(TapeError) {
        self.path = path
        let file = try ReplacingFile(path: path)
        replacing = file
        fd = file.fd
        ownsDescriptor = false
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes to standard output.
    public init(standardOutput: Void = ()) {
        path = "<stdout>"
        fd = 1
        ownsDescriptor = false
        replacing = nil
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if let replacing {
            replacing.discard() // not committed: the target stays as it was
        } else {
            try? flush()
            if ownsDescriptor { POSIXFile.closeFile(fd) }
        }
    }

    /// Flushes; a replacing output then renames its temporary file over `path`.
    public func commit() throws(TapeError) {
        try flush()
        try replacing?.commit()
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
