import Foundation
import TapedeckTape
import TapedeckTestFixtures
import Testing

@testable import TapedeckRecorder

/// The flight recorder records a whole app run: a drop, the app's reconnect and what it sends on
/// the new connection are one tape, each connection with its own number (issue 43).
@Suite struct RecorderReconnectTests {
    @Test func aRunWithADropAndAReconnectIsOneTapeOfTwoConnections() throws {
        let folder = try TestFolder("tapedeck-recorder-reconnect").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = try FlightRecorder(configuration: FlightRecorderConfiguration(directory: folder))
        recorder.opened()
        recorder.sent(text: #"{"type":"claimEvent","message":{"eventId":"e1"}}"#)
        recorder.failed("The network connection was lost.")
        recorder.mark("backoff 1 s")
        recorder.opened()
        recorder.sent(text: #"{"type":"getPlayer","message":{}}"#)
        recorder.received(text: #"{"type":"player","message":{}}"#)
        recorder.closed(code: 4000, reason: "kicked", byServer: true)
        let export = try recorder.export(last: .seconds(3600), to: folder + "/run.tape")
        try recorder.stop()

        let tape = try TapeContents(path: export.path)
        #expect(tape.end == .complete)
        let lines = tape.records.map { record in
            "c\(record.connection) \(record.direction.name) \(record.kind.name)"
                + (record.closeCode.map { " \($0)" } ?? "") + (record.payload.isEmpty ? "" : " " + tape.text(record))
        }
        #expect(
            lines == [
                "c0 c2s open", #"c0 c2s text {"type":"claimEvent","message":{"eventId":"e1"}}"#,
                "c0 note error The network connection was lost.", "c0 note marker backoff 1 s",
                "c1 c2s open", #"c1 c2s text {"type":"getPlayer","message":{}}"#, #"c1 s2c text {"type":"player","message":{}}"#,
                "c1 s2c close 4000 kicked",
            ])
    }
}
