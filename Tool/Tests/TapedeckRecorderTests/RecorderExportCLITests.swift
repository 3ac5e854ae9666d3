import Foundation
import TapedeckProtocol
import TapedeckRecorder
import TapedeckSynthetic
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// The export is a tape like any other to the `tapedeck` command line: repro, report, cat, and
/// export to JSON Lines and import back.
@Suite struct RecorderExportCLITests {
    @Test func theCommandLineReadsAnExport() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder, labels: ["app": "BaoLife 1.4.2 (311)", "device": "iPhone15,2 iOS 17.5"]))
        recorder.opened()
        recorder.mark("screen Home shown")
        for (index, message) in SyntheticSession.wireMessages(count: 400, seed: 3).enumerated() {
            if message.fromClient { recorder.sent(message.bytes) } else { recorder.received(message.bytes) }
            if index == 200 { recorder.mark("tapped Claim") }
        }
        recorder.closed(code: 1000, reason: "app backgrounded")
        let tape = folder + "/user.tape"
        let export = try recorder.export(last: .seconds(600), to: tape)
        try recorder.stop()
        #expect(export.recordCount == 404)

        let repro = try await RecorderTestFiles.run(ChildProcess.tapedeck, ["repro", tape])
        #expect(repro.status == 0, "repro: \(repro.standardOutput)\(repro.standardError)")

        let report = try await RecorderTestFiles.run(ChildProcess.tapedeck, ["report", tape, "-o", folder + "/report.html"])
        #expect(report.status == 0, "report: \(report.standardError)")
        let page = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        #expect(page.contains("tapped Claim"))
        #expect(page.contains("iPhone15,2 iOS 17.5"))

        let cat = try await RecorderTestFiles.run(ChildProcess.tapedeck, ["cat", tape])
        #expect(cat.status == 0)
        #expect(cat.standardOutput.contains("screen Home shown"))

        let jsonl = folder + "/user.jsonl"
        let back = folder + "/back.tape"
        #expect(
            try await RecorderTestFiles.run(ChildProcess.tapedeck, ["export", tape, "--format", "jsonl", "-o", jsonl]).status
                == 0)
        let imported = try await RecorderTestFiles.run(ChildProcess.tapedeck, ["import", jsonl, "-o", back])
        #expect(imported.status == 0, "import: \(imported.standardError)")
        #expect(try TapeContents(path: back).records == TapeContents(path: tape).records)
    }
}
