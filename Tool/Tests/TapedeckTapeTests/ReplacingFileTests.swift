import Foundation
import TapedeckTape
import Testing

/// Files written whole or not at all, and paths compared resolved (issue 23, finding 3).
@Suite struct ReplacingFileTests {
    private func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func theTargetKeepsItsOldBytesUntilCommit() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.txt").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let file = try ReplacingFile(path: path)
        try file.write(Array("new bytes".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try names(directory).count == 2)
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new bytes")
        #expect(try names(directory) == ["out.txt"])

        do {
            let dropped = try ReplacingFile(path: path)
            try dropped.write(Array("half".utf8))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new bytes")
        #expect(try names(directory) == ["out.txt"])
    }

    @Test func aLinkKeepsPointingAtTheReplacedFile() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.txt")
        try ReplacingFile.write(Array("one".utf8), to: link) // a dangling link: creates its target
        try ReplacingFile.write(Array("two".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.txt")
        #expect(try String(contentsOfFile: directory.appendingPathComponent("real.txt").path, encoding: .utf8) == "two")
        #expect(try names(directory) == ["link.txt", "real.txt"])
    }

    @Test func aReplacingTapeWriterNeverLeavesHalfATape() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = try TestFiles.writeTape([TapeRecord(time: 0, direction: .c2s, kind: .open)], in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: old))
        let options = TapeWriterOptions(flushThreshold: 16, replacesAtClose: true)
        do {
            let writer = try TapeWriter(path: old, metadata: TestFiles.metadata, options: options)
            for time in 1...50 as ClosedRange<UInt64> {
                try writer.append(TapeRecord(time: time, direction: .s2c, kind: .text, payload: Array("{\"type\":\"u\"}".utf8)))
            }
            try writer.flush()
            #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before)
        } // dropped without close
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before)
        #expect(try names(directory) == ["t.tape"])

        let writer = try TapeWriter(path: old, metadata: TestFiles.metadata, options: options)
        try writer.append(TapeRecord(time: 7, direction: .s2c, kind: .close, closeCode: 1000))
        try writer.close()
        #expect(try TestFiles.readAll(old).records.map(\.time) == [7])
        #expect(try names(directory) == ["t.tape"])
    }

    @Test func pathsCompareResolved() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.tape").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("l.tape").path, withDestinationPath: "a.tape")
        try FileManager.default.linkItem(atPath: file, toPath: directory.appendingPathComponent("h.tape").path)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        #expect(FilePaths.same(file, directory.path + "/./sub/../a.tape"))
        #expect(FilePaths.same(file, directory.appendingPathComponent("l.tape").path))
        #expect(FilePaths.same(file, directory.appendingPathComponent("h.tape").path))
        #expect(!FilePaths.same(file, directory.appendingPathComponent("b.tape").path))
        #expect(FilePaths.same(directory.appendingPathComponent("new.tape").path, directory.path + "/sub/../new.tape"))
        #expect(FilePaths.isInside(directory.path + "/sub/x.json", folder: directory.path + "/./sub"))
        #expect(!FilePaths.isInside(directory.path + "/subway.json", folder: directory.path + "/sub"))
    }
}
