import BaoLifeAfter
import Foundation
import TapedeckRecorder
import TapedeckTape
import TapedeckTesting
import Testing

/// The service's few recorder lines at work: a recorded session played into the app with a
/// recorder attached exports as a tape holding what the app's socket saw.
@Suite struct FlightRecorderTests {
    @Test @MainActor func theServiceRecordsWhatItsSocketSees() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baolife-recorder-\(UUID().uuidString)").path
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder, labels: ["app": "BaoLifeClient example", "device": "test host"]))
        let reader = try TapeReader(path: Corpus.path("core-loop"))
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }
        let report = await Corpus.replay(record: .none) { AfterAdapter(network: $0, recorder: recorder) }
            .check(tape: Corpus.path("core-loop"))
        #expect(report.passed, "\(report.failures)")
        let export = try recorder.export(last: .seconds(3600), to: folder + "/user.tape")
        try recorder.stop()

        let exported = try TapeReader(path: export.path)
        var received: [[UInt8]] = []
        var opened = 0
        while let record = try exported.next() {
            if record.kind == .open { opened += 1 }
            if record.kind == .text, record.direction == .s2c { received.append(record.payload) }
        }
        #expect(exported.end == .complete)
        #expect(exported.header.metadata.labels["device"] == "test host")
        #expect(opened == records.filter { $0.kind == .open }.count)
        #expect(received == records.filter { $0.kind == .text && $0.direction == .s2c }.map(\.payload))
    }
}
