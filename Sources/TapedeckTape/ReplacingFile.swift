#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written whole or not at all: the bytes go to a new temporary file in the target's
/// folder (`.NAME.tmp-PID-N`, created with O_EXCL, so nothing already there is written through),
/// with the permissions of the file it replaces, and `commit()` syncs it and renames it over the target, so a crash
/// or an error at any point leaves the old file (or none) and never half a new one. A file
/// dropped without `commit()` removes its temporary file.
///
/// When the target is a symbolic link, the file it points to is replaced and the link stays.
/// When it is a character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe), the bytes
/// are written straight to it, as a shell's `>` does: replacing it would swap the device for a
/// regular file (as root, `/dev/full` was replaced: issue 34, finding 6). Any other kind of file
/// (a folder, a block device, a socket) is refused.
public final class ReplacingFile {
    /// The path as the caller gave it (for messages).
    public let path: String
    /// Where the bytes land on `commit()`: `path` with symbolic links resolved.
    public let target: String
    /// Where the bytes go until `commit()`; nil when they are written straight to a device or FIFO.
    public let temporaryPath: String?
    /// The temporary file's descriptor, for writers that write it themselves.
    package private(set) var fd: Int32
    public private(set) var isCommitted = false
    private var isClosed = false

    public init(path: String) throws(TapeError) {
        self.path = path
        let target = FilePaths.resolved(path)
        self.target = target
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            switch status.st_mode & S_IFMT {
            case S_IFCHR, S_IFIFO:
                let descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
                guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: POSIXFile.errorText(errno)) }
                fd = descriptor
                temporaryPath = nil
                return
            case S_IFDIR:
                throw .cannotOpen(path: path, reason: "it is a folder: give a file name")
            default:
                throw .cannotOpen(
                    path: path,
                    reason: "it is not a regular file, a character device or a FIFO, so it is neither replaced nor written to")
            }
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        // O_EXCL makes each name one writer's, across threads and processes: take the next free one.
        var attempt = 0
        while true {
            let candidate = folder + "." + name + ".tmp-\(getpid())-\(attempt)"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                fd = descriptor
                temporaryPath = candidate
                // The replacement keeps the file's permissions: a 0600 tape does not become 0644.
                if exists { _ = fchmod(descriptor, status.st_mode & 0o777) }
                break
            }
            let code = errno
            attempt += 1
            guard code == EEXIST, attempt < 10_000 else {
                throw .cannotOpen(
                    path: path, reason: "cannot create a temporary file in its folder: " + POSIXFile.errorText(code))
            }
        }
    }

    deinit { discard() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        try POSIXFile.writeAll(fd, bytes, path: path)
    }

    public func write(_ bytes: [UInt8]) throws(TapeError) {
        let result: Result<Void, TapeError> = bytes.withUnsafeBytes { raw in
            Result { () throws(TapeError) in try write(raw) }
        }
        try result.get()
    }

    /// Syncs the temporary file and renames it over the target (a device or FIFO: closes it).
    public func commit() throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        guard let temporaryPath else {
            isClosed = true
            isCommitted = true
            POSIXFile.closeFile(fd)
            return
        }
        if fsync(fd) != 0 {
            let reason = "fsync: " + POSIXFile.errorText(errno)
            discard()
            throw .writeFailed(path: path, reason: reason)
        }
        isClosed = true
        POSIXFile.closeFile(fd)
        guard rename(temporaryPath, target) == 0 else {
            let reason = "cannot rename the temporary file over it: " + POSIXFile.errorText(errno)
            _ = unlink(temporaryPath)
            throw .writeFailed(path: path, reason: reason)
        }
        isCommitted = true
    }

    /// Closes and removes the temporary file; the target stays as it was.
    public func discard() {
        guard !isCommitted else { return }
        if !isClosed {
            isClosed = true
            POSIXFile.closeFile(fd)
        }
        if let temporaryPath { _ = unlink(temporaryPath) }
    }

    /// Writes `bytes` to `path` whole or not at all.
    public static func write(_ bytes: [UInt8], to path: String) throws(TapeError) {
        let file = try ReplacingFile(path: path)
        try file.write(bytes)
        try file.commit()
    }
}

/// Paths compared as the file system sees them.
public enum FilePaths {
    /// `path` with `.`, `..` and symbolic links resolved (`realpath`). A path that does not exist
    /// yet resolves its folder and keeps its last component (following a dangling link to where it
    /// points); when even the folder does not exist, `path` comes back as given.
    public static func resolved(_ path: String) -> String {
        if let real = realPath(path) { return real }
        // A dangling symbolic link: where it would create the file.
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        if length > 0 {
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
            let next = destination.hasPrefix("/") ? destination : folder + destination
            if next != path { return resolvedOnce(next) }
        }
        return resolvedOnce(path)
    }

    private static func resolvedOnce(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else {
            return (realPath(".") ?? ".") + "/" + trimmed
        }
        let folder = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        let name = String(trimmed[trimmed.index(after: slash)...])
        guard let real = realPath(folder) else { return path }
        return (real == "/" ? "" : real) + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `a` and `b` name the same file once resolved (also through hard links when both exist).
    public static func same(_ a: String, _ b: String) -> Bool {
        if resolved(a) == resolved(b) { return true }
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `path`, resolved, lies inside the folder `folder` (resolved), at any depth.
    public static func isInside(_ path: String, folder: String) -> Bool {
        let folder = resolved(folder)
        return resolved(path).hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
