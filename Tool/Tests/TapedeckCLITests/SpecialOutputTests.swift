import Foundation
import TestSupport
import Testing

/// Issue 34, finding 6: `-o` onto a FIFO or a character device writes through to it, as a shell's
/// `>` does, instead of swapping it for a regular file; a folder is refused; `tag` on a symbolic
/// link rewrites the tape it points to and leaves the link.
@Suite(.tags(.integration), .ownThread) struct SpecialOutputTests {
    static func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test func exportWritesThroughToAFIFOAndACharacterDeviceAndRefusesAFolder() async throws {
        let directory = try await OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader on the FIFO, as `tapedeck export ... -o pipe` would have in a shell pipeline.
        let reader = try ChildProcess("/bin/sh", ["-c", "cat pipe > got.jsonl"], directory: directory.path)
        let exported = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["export", "b.tape", "-o", "pipe"], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(await reader.wait().status == 0)
        #expect(Self.kind(fifo) == S_IFIFO, "still a FIFO, not a regular file")
        let direct = try await TapedeckBinary.runProcess(try TapedeckBinary.executable(), ["export", "b.tape"], in: directory)
        #expect(try OutputSafetyTests.contents(directory, "got.jsonl") == Data(direct.stdout.utf8))
        #expect(!direct.stdout.isEmpty)

        // /dev/stdout: the pipe this test reads.
        let stdout = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["export", "b.tape", "-o", "/dev/stdout"], in: directory)
        #expect(stdout.status == 0, "\(stdout.stderr)")
        #expect(stdout.stdout == direct.stdout)

        // A character device of our own with /dev/null's numbers (root can make one; others skip this part).
        let device = directory.appendingPathComponent("null").path
        var null = stat()
        if stat("/dev/null", &null) == 0, mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0 {
            let toDevice = try await TapedeckBinary.runProcess(
                try TapedeckBinary.executable(), ["export", "b.tape", "-o", "null"], in: directory)
            #expect(toDevice.status == 0, "\(toDevice.stderr)")
            #expect(Self.kind(device) == S_IFCHR, "still a character device")
        }

        try FileManager.default.createDirectory(
            atPath: directory.appendingPathComponent("folder").path, withIntermediateDirectories: false)
        let toFolder = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["export", "b.tape", "-o", "folder"], in: directory)
        #expect(toFolder.status != 0)
        #expect(toFolder.stderr.contains("it is a folder"), "\(toFolder.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func tagFollowsASymbolicLinkAndKeepsIt() async throws {
        let directory = try await OutputSafetyTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tagged = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["tag", "link.tape", "device=iphone15"], in: directory)
        #expect(tagged.status == 0, "\(tagged.stderr)")
        let link = directory.appendingPathComponent("link.tape").path
        #expect(Self.kind(link) == S_IFLNK, "the link is still a link")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "b.tape")
        let info = try await TapedeckBinary.runProcess(
            try TapedeckBinary.executable(), ["info", "--json", "b.tape"], in: directory)
        #expect(info.stdout.contains("\"device\":\"iphone15\""), "\(info.stdout)")
    }
}
