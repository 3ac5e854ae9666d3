#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `read(2)`, named apart from `POSIXFile.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// Thin wrappers over POSIX file calls: the writer needs to know exactly when bytes reach the kernel.
package enum POSIXFile {
    package static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// Opens a regular file for reading. Anything else is refused before a byte is read: a FIFO
    /// would block (hence O_NONBLOCK until the check), a device such as /dev/zero never ends.
    package static func openForReading(_ path: String) throws(TapeError) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .fileNotFound(path: path) }
            throw .cannotOpen(path: path, reason: errorText(code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            _ = close(fd)
            throw .cannotOpen(path: path, reason: errorText(code))
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            _ = close(fd)
            let what =
                switch kind {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a named pipe"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw .cannotOpen(path: path, reason: "it is \(what); Tapedeck reads only regular files")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    package static func createForWriting(_ path: String) throws(TapeError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: errorText(errno)) }
        return fd
    }

    /// Opens an existing file to add to its end; never creates one, nor follows a symbolic link.
    package static func openForAppending(_ path: String) throws(TapeError) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: errorText(errno)) }
        return fd
    }

    /// Creates `path` only if nothing is there, not even a dangling symbolic link.
    package static func createNew(_ path: String) throws(TapeError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST || code == ELOOP { throw .pathTaken(path: path) }
            throw .cannotOpen(path: path, reason: errorText(code))
        }
        return fd
    }

    package static func size(_ fd: Int32) -> UInt64 {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= 0 else { return 0 }
        return UInt64(info.st_size)
    }

    /// Writes all bytes, retrying short writes and interrupts.
    package static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(TapeError) {
        guard var base = buffer.baseAddress else { return }
        var remaining = buffer.count
        while remaining > 0 {
            let written = write(fd, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: errorText(errno))
            }
            remaining -= written
            base += written
        }
    }

    /// Reads up to `count` bytes into `buffer`; returns 0 at end of file.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String, offset: UInt64)
        throws(TapeError) -> Int
    {
        while true {
            let result = systemRead(fd, buffer, count)
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw .readFailed(path: path, offset: offset, reason: errorText(errno))
        }
    }

    package static func sync(_ fd: Int32, path: String) throws(TapeError) {
        guard fsync(fd) == 0 else { throw .writeFailed(path: path, reason: "fsync: " + errorText(errno)) }
    }

    package static func closeFile(_ fd: Int32) { _ = close(fd) }
}
