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
    /// Whether `commit()` has succeeded: the target holds the new bytes.
    public private(set) var isCommitted = false
    private var isClosed = false

    /// Opens a temporary file beside the target (or the device or FIFO itself); the target is not
    /// touched until `commit()`.
    ///
    /// - Parameter path: The file to replace; symbolic links are followed to the file they name.
    /// - Throws: `TapeError.cannotOpen` when the target is a folder or a kind of file that is
    ///   neither replaced nor written to, when a device or FIFO cannot be opened, or when no
    ///   temporary file can be created in the folder.
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

    /// Appends bytes to the temporary file (or the device), unbuffered.
    ///
    /// - Parameter bytes: The bytes to write, all of them.
    /// - Throws: `TapeError.writerClosed` after `commit()` or `discard()`; `writeFailed` when the
    ///   write fails.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        try POSIXFile.writeAll(fd, bytes, path: path)
    }

    /// Appends bytes, as `write(_:)` does from a buffer.
    ///
    /// - Parameter bytes: The bytes to write, all of them.
    /// - Throws: `TapeError.writerClosed` after `commit()` or `discard()`; `writeFailed` when the
    ///   write fails.
    public func write(_ bytes: [UInt8]) throws(TapeError) {
        let result: Result<Void, TapeError> = bytes.withUnsafeBytes { raw in
            Result { () throws(TapeError) in try write(raw) }
        }
        try result.get()
    }

    /// Syncs the temporary file and renames it over the target (a device or FIFO: closes it).
    ///
    /// - Throws: `TapeError.writerClosed` when already committed or discarded; `writeFailed` when
    ///   the sync or the rename fails, after which the temporary file is removed and the target is
    ///   as it was.
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
    ///
    /// - Parameters:
    ///   - bytes: The file's new content.
    ///   - path: The file to replace (or create).
    /// - Throws: `TapeError` when the temporary file cannot be created, written, synced or renamed;
    ///   `path` is then as it was.
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
    ///
    /// - Parameter path: An absolute or relative path.
    /// - Returns: An absolute path without links, `.` or `..`, except when the folder does not
    ///   exist: then `path` unchanged.
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
    ///
    /// - Parameters:
    ///   - a: One path.
    ///   - b: The other path.
    /// - Returns: True when they resolve to the same path, or both exist and are the same file
    ///   (device and inode).
    public static func same(_ a: String, _ b: String) -> Bool {
        if resolved(a) == resolved(b) { return true }
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `path`, resolved, lies inside the folder `folder` (resolved), at any depth.
    ///
    /// - Parameters:
    ///   - path: The path to test.
    ///   - folder: The folder.
    /// - Returns: True when `path` is below `folder`; false for `folder` itself.
    public static func isInside(_ path: String, folder: String) -> Bool {
        let folder = resolved(folder)
        return resolved(path).hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
