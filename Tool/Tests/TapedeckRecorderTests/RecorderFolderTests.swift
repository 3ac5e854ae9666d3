import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

@testable import TapedeckRecorder

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

/// Issue 41, finding 2: the recorder wrote through a non-regular file named like its next segment
/// (a symbolic link's target was overwritten, a FIFO hung it). A segment is only ever created new;
/// what is under the name is left alone and the segment is numbered past it.
@Suite struct RecorderPlantedNameTests {
    @Test func aLinkOrFIFOUnderTheNextSegmentsNameIsLeftAloneAndNumberedPast() async throws {
        let folder = try TestFolder("tapedeck-recorder")
        let outside = try TestFolder("tapedeck-recorder-outside")
        try outside.write("precious", to: "file")
        let files = FileManager.default
        // An earlier run's segment; the next two names are a link to a file outside and a FIFO.
        try Data(repeating: 0, count: 100).write(to: URL(fileURLWithPath: folder.file("segment-000001.tape")))
        try files.createSymbolicLink(atPath: folder.file("segment-000002.tape"), withDestinationPath: outside.file("file"))
        #expect(mkfifo(folder.file("segment-000003.tape"), 0o600) == 0)

        let recorder = try FlightRecorder(configuration: FlightRecorderConfiguration(directory: folder.path))
        recorder.opened()
        recorder.sent(text: #"{"type":"getPlayer","message":{}}"#)
        let export = try recorder.export(last: .seconds(60), to: folder.file("bug.tape"))
        try recorder.stop()

        #expect(outside.read("file") == "precious")
        #expect((try? files.destinationOfSymbolicLink(atPath: folder.file("segment-000002.tape"))) == outside.file("file"))
        var status = stat()
        #expect(lstat(folder.file("segment-000003.tape"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        // Both taken names are counted as left alone, and the run's segment came after them.
        #expect(recorder.skippedFiles == 2)
        let written = try TapeContents(path: folder.file("segment-000004.tape"))
        #expect(written.records.map(\.kind) == [.open, .text])
        #expect(try TapeContents(path: export.path).records.map(\.kind) == [.open, .text])
    }
}

/// Issue 41, finding 8: a flushInterval of about 10^11 s trapped the writer at every launch of the
/// app. Settings out of range are refused by `FlightRecorder(configuration:)`, saying the range.
@Suite struct RecorderSettingsRangeTests {
    @Test(arguments: [
        (Duration.seconds(100_000_000_000), 1 << 16, "flushInterval must be positive and at most an hour"),
        (Duration.seconds(3601), 1 << 16, "flushInterval must be positive and at most an hour"),
        (Duration.zero, 1 << 16, "flushInterval must be positive and at most an hour"),
        (Duration.seconds(1), 1 << 40, "queueCapacity must be from 2 to 16777216"),
    ])
    func outOfRangeSettingsAreRefused(flushInterval: Duration, queueCapacity: Int, message: String) throws {
        let folder = try TestFolder("tapedeck-recorder")
        var configuration = FlightRecorderConfiguration(directory: folder.path)
        configuration.flushInterval = flushInterval
        configuration.queueCapacity = queueCapacity
        #expect {
            try FlightRecorder(configuration: configuration)
        } throws: { error in
            "\(error)".contains(message)
        }
        configuration.flushInterval = .seconds(3600)
        configuration.queueCapacity = 2
        let recorder = try FlightRecorder(configuration: configuration)
        try recorder.stop()
    }
}
