/// A buffered POSIX output: a file it creates, a file it replaces whole (`init(replacing:)`), or
/// standard output.
public final class OutputFile {
    /// The path written to, as given; `<stdout>` for standard output.
    public let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// With `init(replacing:)`: the temporary file `fd` belongs to, renamed over `path` by `commit()`.
    private let replacing: ReplacingFile?
    private var buffer: [UInt8] = []
    private static let bufferSize = 256 * 1024

    /// Creates (or truncates) the file at `path`.
    ///
    /// - Parameter path: The file's path; a new file gets mode 0644 (less the umask).
    /// - Throws: `TapeError.cannotOpen` when the file cannot be created or opened for writing.
    public init(path: String) throws(TapeError) {
        self.path = path
        fd = try POSIXFile.createForWriting(path)
        ownsDescriptor = true
        replacing = nil
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes to a temporary file beside `path` that `commit()` renames over it: `path` holds its
    /// old bytes until then, and keeps them if the output is dropped without `commit()`.
    ///
    /// - Parameter path: The file to replace; a device or FIFO is written straight to
    ///   (`ReplacingFile`).
    /// - Throws: `TapeError.cannotOpen` for a folder or another kind of file that cannot be
    ///   replaced, or when no temporary file can be created beside it.
    public init(replacing path: String) throws(TapeError) {
        self.path = path
        let file = try ReplacingFile(path: path)
        replacing = file
        fd = file.fd
        ownsDescriptor = false
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes to standard output.
    ///
    /// - Parameter standardOutput: Nothing: the label only names this initializer
    ///   (`OutputFile(standardOutput: ())`, or `OutputFile()`).
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
    ///
    /// - Throws: `TapeError.writeFailed` when the buffered bytes cannot be written, or the
    ///   temporary file cannot be synced or renamed (`path` then keeps its old bytes).
    public func commit() throws(TapeError) {
        try flush()
        try replacing?.commit()
    }

    /// Buffers bytes, writing them out once 256 KiB are waiting (at once for a larger chunk).
    ///
    /// - Parameter bytes: The bytes to write.
    /// - Throws: `TapeError.writeFailed` when a write to the file fails.
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

    /// Buffers text as UTF-8, as `write(_:)` does bytes.
    ///
    /// - Parameter text: The text to write; no newline is added.
    /// - Throws: `TapeError.writeFailed` when a write to the file fails.
    public func write(_ text: String) throws(TapeError) { try write(Array(text.utf8)) }

    /// Writes out everything buffered (a replacing output's temporary file still waits for `commit()`).
    ///
    /// - Throws: `TapeError.writeFailed` when the write fails; the buffer is emptied either way.
    public func flush() throws(TapeError) {
        guard !buffer.isEmpty else { return }
        let result: Result<Void, TapeError> = buffer.withUnsafeBytes { raw in
            Result { () throws(TapeError) in try POSIXFile.writeAll(fd, raw, path: path) }
        }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }
}
