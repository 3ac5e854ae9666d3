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
        var bytes: [UInt8] = []
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
            guard bytes.count + count <= limit else {
                throw BoundedFileError(path: path, reason: "it is over the limit of \(Sizes.describe(limit)) for such a file")
            }
            bytes += chunk[0..<count]
        }
    }
}

/// A small input file that cannot be read, in plain words.
public struct BoundedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) { self.path = path; self.reason = reason }

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
