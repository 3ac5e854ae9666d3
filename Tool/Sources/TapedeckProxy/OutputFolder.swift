import TapedeckWebSocket

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder tapes are written to, checked before the proxy says "recording on": created if
/// missing, and proved writable by creating and removing a probe file. Without this a read-only
/// folder reset every app connection silently, and `--out` naming a file forwarded sessions
/// without recording them.
package enum OutputFolder {
    package static func prepare(_ path: String) throws(RecordingProxyError) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw .cannotCreateDirectory(path: path, reason: String(cString: strerror(errno)))
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .cannotCreateDirectory(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
        let probe = "\(path)/.tapedeck-probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .notWritable(path: path, reason: String(cString: strerror(errno))) }
        let written = write(descriptor, "probe", 5)
        let writeError = errno
        close(descriptor)
        unlink(probe)
        guard written == 5 else { throw .notWritable(path: path, reason: String(cString: strerror(writeError))) }
    }
}
