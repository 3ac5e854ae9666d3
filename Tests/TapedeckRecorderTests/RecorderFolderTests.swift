import Foundation
import TapedeckRecorder
import TapedeckTestFixtures
import TestSupport
import Testing

/// Issue 34, findings 5 and 8: files in the recorder's folder that are named like segments but are
/// not ones it may number after or delete. `segment-9223372036854775807.tape` made the next
/// number overflow (the app crashed at every launch); a folder named like a segment was pruned
/// with its contents. They are left alone and counted; real earlier segments are still pruned.
@Suite struct RecorderFolderTests {
    @Test func segmentLikeNamesThatAreNotSegmentsAreLeftAloneAndCounted() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/segment-000001.tape", withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/segment-000001.tape/precious.txt"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/segment-9223372036854775807.tape"))
        try Data("also kept".utf8).write(to: URL(fileURLWithPath: folder + "/target.txt"))
        try files.createSymbolicLink(atPath: folder + "/segment-000005.tape", withDestinationPath: folder + "/target.txt")
        // A real segment of an earlier run, large enough that keeping to keepBytes prunes it.
        try Data(repeating: 0, count: 10_000).write(to: URL(fileURLWithPath: folder + "/segment-000002.tape"))

        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(directory: folder, segmentBytes: 1, keepBytes: 5_000))
        #expect(recorder.skippedFiles == 3)
        recorder.opened()
        recorder.sent(text: #"{"type":"getPlayer","message":{}}"#)
        // The writer's next flush rolls the 1-byte segment over and keeps to keepBytes.
        #expect(
            await eventually { !files.fileExists(atPath: folder + "/segment-000002.tape") },
            "an earlier run's segment is pruned as before")
        try recorder.stop()

        #expect(files.fileExists(atPath: folder + "/segment-000001.tape/precious.txt"), "a folder is never pruned")
        #expect(files.fileExists(atPath: folder + "/segment-9223372036854775807.tape"))
        #expect(files.fileExists(atPath: folder + "/target.txt"))
        #expect((try? files.destinationOfSymbolicLink(atPath: folder + "/segment-000005.tape")) == folder + "/target.txt")
        // Numbered after the last real segment, not after the huge name.
        let written = try TapeContents(path: folder + "/segment-000003.tape")
        #expect(written.records.map(\.kind) == [.open, .text])
        #expect(written.end == .complete)
    }
}
