import Foundation
import TapedeckRecorder
import TapedeckRedaction
import TapedeckTape
import TapedeckTestFixtures
import Testing

/// Secrets the redaction rules cover never reach the recorder's files, compressed or not.
@Suite struct RecorderRedactionTests {
    static let secrets = ["Dt0k-91f3c0ffee", "rcpt-AB12CD34EF56", "sessiontoken-77aa", "pw-hunter2-zz9"]

    @Test func secretsCoveredByTheRulesNeverReachTheFiles() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        // The proxy's defaults (deviceToken, receipt, token) plus a rule file's own line.
        let rules = RedactionRules.defaults.merging(try RedactionRules.parse("json password\n", source: "rules"))
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder, serverURL: "wss://game.example/ws?token=\(Self.secrets[2])&v=3", redaction: rules))
        recorder.opened()
        for round in 0..<200 {
            recorder.sent(text: #"{"type":"registerDevice","message":{"deviceToken":"\#(Self.secrets[0])","n":\#(round)}}"#)
            recorder.received(text: #"{"type":"purchaseResult","message":{"ok":true,"receipt":"\#(Self.secrets[1])"}}"#)
            recorder.sent(text: #"{"type":"login","message":{"user":"ann","password":"\#(Self.secrets[3])"}}"#)
        }
        let export = try recorder.export(last: .seconds(60), to: folder + "/user.tape")
        try recorder.stop()

        let files = try RecorderTestFiles.segments(in: folder) + [export.path]
        #expect(files.count >= 2)
        for file in files {
            let raw = try Data(contentsOf: URL(fileURLWithPath: file))
            let decompressed = try await RecorderTestFiles.run("lz4", ["-dc", file])
            #expect(decompressed.status == 0)
            #expect(decompressed.standardOutput.contains("registerDevice"), "\(file) does not hold the messages")
            #expect(decompressed.standardOutput.contains(Redactor.tokenPrefix))
            for secret in Self.secrets {
                #expect(raw.range(of: Data(secret.utf8)) == nil, "\(secret) in the raw bytes of \(file)")
                #expect(!decompressed.standardOutput.contains(secret), "\(secret) in the decompressed bytes of \(file)")
            }
        }
        let tape = try TapeContents(path: export.path)
        #expect(tape.header.metadata.upstreamURL?.hasPrefix("wss://game.example/ws?token=redacted:") == true)
        #expect(tape.records.count == 601)
    }
}
