import Foundation
import TapedeckTape
import TapedeckTestFixtures
import Testing

@testable import TapedeckRecorder

/// With the writer stalled the queue fills; further records are dropped and counted, the calls
/// return, and the tape says how many were dropped and where.
@Suite struct RecorderDropTests {
    @Test func aFullQueueDropsAndCountsWhileTheWriterIsStalled() throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let capacity = 64
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder, labels: ["app": "test"], queueCapacity: capacity))
        recorder.suspendWriter(true)
        recorder.opened()
        // Every call returns although nothing is written: 1 open + 63 messages fill the queue.
        for index in 0..<1_000 { recorder.received(text: "{\"type\":\"u\",\"message\":{\"n\":\(index)}}") }
        #expect(recorder.droppedCount == 1_000 - (capacity - 1))
        #expect(try RecorderTestFiles.segments(in: folder).isEmpty, "the stalled writer wrote a segment")

        recorder.suspendWriter(false)
        // The first export waits for the writer to take the full queue; then there is room again.
        try recorder.export(last: .seconds(60), to: folder + "/first.tape")
        recorder.received(text: "{\"type\":\"u\",\"message\":{\"n\":1000}}")
        let export = try recorder.export(last: .seconds(60), to: folder + "/user.tape")
        #expect(export.droppedRecords == 1_000 - (capacity - 1))

        let tape = try TapeContents(path: export.path)
        #expect(tape.end == .complete)
        #expect(tape.header.metadata.labels["droppedRecords"] == "\(1_000 - (capacity - 1))")
        let names = tape.records.map { record in
            record.kind == .text
                ? String(decoding: record.payload, as: UTF8.self).split(separator: ":").last.map(String.init) ?? ""
                : record.kind.name + (record.kind == .marker ? " " + String(decoding: record.payload, as: UTF8.self) : "")
        }
        // The kept records, then the drop marker, then what came after the writer resumed.
        let kept = (0..<(capacity - 1)).map { "\($0)}}" }
        #expect(names == ["open"] + kept + ["marker tapedeck.dropped 937 records (recorder queue full)", "1000}}"])
        try recorder.stop()
    }

    @Test func afterStopNothingWaitsForTheWriter() throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let recorder = try FlightRecorder(configuration: FlightRecorderConfiguration(directory: folder))
        recorder.received(text: "{}")
        try recorder.stop()
        try recorder.stop()
        recorder.received(text: "{}")
        #expect(recorder.droppedCount == 1)
        #expect(throws: FlightRecorderError.self) { try recorder.export(last: .seconds(1), to: folder + "/late.tape") }
        let segments = try RecorderTestFiles.segments(in: folder)
        #expect(try segments.map { try TapeContents(path: $0).records.count } == [1])
    }
}
