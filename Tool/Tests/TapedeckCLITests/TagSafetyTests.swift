import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// Issue 41, finding 1: `tag` wrote through a fixed temporary name, `TAPE.tagging`. Whatever a
/// test puts there in its own folder — a symbolic link to a file outside, a FIFO, a folder with a
/// file in it — stays as it was, the tape is tagged in place with its mode kept.
@Suite(.ownThread) struct TagSafetyTests {
    enum Planted: String, CaseIterable, Sendable {
        case symbolicLink = "a symbolic link to a file outside"
        case fifo = "a FIFO"
        case folder = "a folder with a file in it"
    }

    @Test(arguments: Planted.allCases) func whatIsAtTheOldTemporaryNameIsLeftAlone(_ planted: Planted) async throws {
        let tapes = try TestTapes("tapedeck-tag")
        let tape = try tapes.tape("session", [#"{"type":"u","message":{"energy":1}}"#])
        let outside = try TestFolder("tapedeck-tag-outside")
        try outside.write("precious", to: "file")
        let trap = tape + ".tagging"
        switch planted {
        case .symbolicLink: try FileManager.default.createSymbolicLink(atPath: trap, withDestinationPath: outside.file("file"))
        case .fifo: #expect(mkfifo(trap, 0o600) == 0)
        case .folder:
            try FileManager.default.createDirectory(atPath: trap, withIntermediateDirectories: false)
            try Data("inside".utf8).write(to: URL(fileURLWithPath: trap + "/kept"))
        }
        let run = try await TapedeckBinary.run(["tag", tape, "phase=before"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try TapeReader(path: tape).header.metadata.labels["phase"] == "before")
        #expect(outside.read("file") == "precious")
        var status = stat()
        #expect(lstat(tape, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "the tape is a regular file")
        #expect(lstat(trap, &status) == 0)
        switch planted {
        case .symbolicLink: #expect(status.st_mode & S_IFMT == S_IFLNK)
        case .fifo: #expect(status.st_mode & S_IFMT == S_IFIFO)
        case .folder: #expect(FileManager.default.contents(atPath: trap + "/kept") == Data("inside".utf8))
        }
        // Nothing else was left beside the tape.
        let names = try FileManager.default.contentsOfDirectory(atPath: tapes.directory).sorted()
        #expect(names == ["session.tape", "session.tape.tagging"])
    }

    @Test func aPrivateTapeStaysPrivate() async throws {
        let tapes = try TestTapes("tapedeck-tag")
        let tape = try tapes.tape("session", [#"{"type":"u","message":{"energy":1}}"#])
        #expect(chmod(tape, 0o600) == 0)
        let run = try await TapedeckBinary.run(["tag", tape, "private"])
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(stat(tape, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600, "mode \(String(status.st_mode & 0o777, radix: 8))")
        #expect(try TapeReader(path: tape).header.metadata.labels["private"] == "")
    }
}
