#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small input file whole (a scenario, a golden, a checkpoint file, a trace, a rules
/// file), refusing what is not a regular file and stopping past `limit` bytes. Without this,
/// `include "/dev/zero"` grew memory by hundreds of MB a second and a FIFO named like a golden
/// hung the command.
public enum BoundedFile {
    /// The documented size limits (docs/SCENARIOS.md, docs/REPLAY.md, docs/RECORDING.md).
    public enum Limit {
        /// A scenario file or an included one: as large as the largest message a scenario may send.
        public static let scenario = 16 << 20
        /// A checkpoint file, a redaction rules file, a repro setup.
        public static let smallText = 1 << 20
        /// A golden snapshot or a digest trace.
        public static let golden = 64 << 20
        /// A HAR file to import: read whole, so bounded (a browser's HAR of a long session fits).
        public static let har = 1 << 30
    }

    /// Reads a regular file whole, or refuses it.
    ///
    /// - Parameters:
    ///   - path: The file's path; a symbolic link is followed, but what it names must be a
    ///     regular file (not a FIFO, device or folder).
    ///   - limit: The most bytes the file may have (one of `Limit`'s sizes); a file of exactly
    ///     `limit` bytes is read.
    /// - Returns: The file's bytes.
    /// - Throws: `BoundedFileError` when the file is missing, cannot be opened, is not a regular
    ///   file, fails to read, or is (or grows while read to) more than `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(BoundedFileError) -> [UInt8] {
        let fd: Int32
        do {
            fd = try POSIXFile.openForReading(path)
        } catch {
            if case .fileNotFound = error { throw BoundedFileError(path: path, reason: "no such file") }
            if case .cannotOpen(_, let reason) = error { throw BoundedFileError(path: path, reason: reason) }
            throw BoundedFileError(path: path, reason: "\(error)")
        }
        defer { POSIXFile.closeFile(fd) }
        // A regular file's size is known before reading: a 2 GiB HAR is refused without reading
        // the 1 GiB the limit would allow (issue 41, finding 10). The loop below still stops at
        // the limit should the file grow while it is read.
        let size = POSIXFile.size(fd)
        guard size <= UInt64(limit) else { throw overLimit(path, limit, size: size) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { raw throws(TapeError) in
                    try POSIXFile.read(fd, into: raw.baseAddress!, count: raw.count, path: path, offset: UInt64(bytes.count))
                }
            } catch {
                throw BoundedFileError(path: path, reason: "\(error)")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw overLimit(path, limit, size: nil) }
            bytes += chunk[0..<count]
        }
    }

    private static func overLimit(_ path: String, _ limit: Int, size: UInt64?) -> BoundedFileError {
        let what =
            size.map { "it is \($0) bytes, over the limit of \(Sizes.describe(limit))" }
            ?? "it is over the limit of \(Sizes.describe(limit))"
        return BoundedFileError(path: path, reason: "\(what) for such a file")
    }
}

/// A small input file that cannot be read, in plain words.
public struct BoundedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path, as given.
    public var path: String
    /// Why it cannot be read: "no such file", the size over the limit, the system's reason.
    public var reason: String

    /// An error for `path`.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - reason: Why it cannot be read, in plain words.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot read PATH: REASON`.
    public var description: String { "cannot read \(path): \(reason)" }
}

/// Byte counts as people write them.
enum Sizes {
    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
