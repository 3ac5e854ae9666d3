import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// Issue 23, finding 5: `tapedeck record` proves `--out` writable before it says "recording on",
/// with or without the catalog, and says so in plain words (no NSError text) with exit 1.
@Suite(.tags(.integration), .ownThread) struct RecordOutputFolderTests {
    static func record(out: String, extra: [String]) async throws -> ChildProcess.Finished {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let recorder = try ChildProcess(
            ChildProcess.tapedeck, ["record", "--upstream", "ws://127.0.0.1:9", "--out", out] + extra)
        return await recorder.wait(seconds: 60)
    }

    @Test(arguments: [[], ["--no-catalog"]])
    func anOutThatIsAFileIsRefusedBeforeRecording(extra: [String]) async throws {
        let file = try TestFolder("tapedeck-proxy-out-is-a-file").path
        try FileManager.default.removeItem(atPath: file)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try await Self.record(out: file, extra: extra)
        #expect(result.status == 1)
        #expect(!result.output.contains { $0.hasPrefix("recording on") }, "\(result.output)")
        #expect(result.standardError.contains("the output folder \(file) is a file, not a folder"), "\(result.standardError)")
        #expect(!result.standardError.contains("NSCocoaErrorDomain"), "\(result.standardError)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder")
    }

    @Test(arguments: [[], ["--no-catalog"]])
    func anOutThatCannotBeWrittenIsRefusedBeforeRecording(extra: [String]) async throws {
        // A folder nobody may create files in: /proc refuses even root; a read-only folder does for others.
        let folder: String
        if getuid() == 0 {
            #if os(Linux)
            folder = "/proc"
            #else
            return
            #endif
        } else {
            folder = try TestFolder("tapedeck-proxy-out-read-only").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o555)
        }
        defer {
            if folder != "/proc" {
                chmod(folder, 0o755)
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        let result = try await Self.record(out: folder, extra: extra)
        #expect(result.status == 1)
        #expect(!result.output.contains { $0.hasPrefix("recording on") }, "\(result.output)")
        #expect(result.standardError.contains("cannot write tapes to the output folder \(folder) ("), "\(result.standardError)")
        #expect(result.standardError.contains("give --out a folder you can write to"), "\(result.standardError)")
    }
}
