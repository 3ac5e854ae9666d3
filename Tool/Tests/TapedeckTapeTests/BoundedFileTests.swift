import Foundation
import TapedeckTape
import Testing

/// `BoundedFile`: small inputs read whole from regular files only, up to their limit.
@Suite struct BoundedFileTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "tapedeck-bounded-\(UUID().uuidString.prefix(8))"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try BoundedFile.read(path, limit: 100_000) == bytes)
        #expect(throws: BoundedFileError(path: path, reason: "it is 100000 bytes, over the limit of 99999 bytes for such a file"))
        {
            try BoundedFile.read(path, limit: 99_999)
        }
    }

    @Test func whatIsNotARegularFileIsRefusedBeforeReading() throws {
        #expect(throws: BoundedFileError(path: "/dev/zero", reason: "it is a device; Tapedeck reads only regular files")) {
            try BoundedFile.read("/dev/zero", limit: 1 << 20)
        }
        let folder = NSTemporaryDirectory()
        #expect(throws: BoundedFileError(path: folder, reason: "it is a directory; Tapedeck reads only regular files")) {
            try BoundedFile.read(folder, limit: 1 << 20)
        }
        // A named pipe with no writer: opening it for reading would block without O_NONBLOCK.
        let pipe = NSTemporaryDirectory() + "tapedeck-bounded-fifo-\(UUID().uuidString.prefix(8))"
        #expect(mkfifo(pipe, 0o644) == 0)
        defer { unlink(pipe) }
        #expect(throws: BoundedFileError(path: pipe, reason: "it is a named pipe; Tapedeck reads only regular files")) {
            try BoundedFile.read(pipe, limit: 1 << 20)
        }
        #expect(throws: BoundedFileError(path: "/nonexistent/x", reason: "no such file")) {
            try BoundedFile.read("/nonexistent/x", limit: 1 << 20)
        }
    }
}
