import Foundation
import TapedeckTape
import Testing

/// Issue 41, finding 4: a HAR's `?token=` reached the imported tape's `upstream`. Import goes through
/// the recording proxy's redaction: URL, request target, headers and messages.
@Suite struct ImportRedactionTests {
    @Test func aHARsSecretsAreRedactedOnImport() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = "S3CRET-4711"
        let har = """
            {"log":{"version":"1.2","entries":[{"startedDateTime":"2026-01-02T03:04:06.500Z",
              "request":{"method":"GET","url":"wss://lichun.app/wss/?v=2&token=\(secret)#access_token=\(secret)",
                "headers":[{"name":"Cookie","value":"\(secret)"},{"name":"Sec-WebSocket-Protocol","value":"baolife, access_token, \(secret)"},
                           {"name":"Authorization","value":"Bearer \(secret)"}]},
              "response":{"status":101,"headers":[{"name":"Set-Cookie","value":"\(secret); HttpOnly"}]},
              "_webSocketMessages":[{"type":"send","time":1767323046.501,"opcode":1,
                "data":"{\\"type\\":\\"createCharacter\\",\\"message\\":{\\"deviceToken\\":\\"\(secret)\\"}}"}]}]}}
            """
        let file = directory.appendingPathComponent("session.har")
        try Data(har.utf8).write(to: file)
        let tape = directory.appendingPathComponent("session.tape").path
        let run = try await TapedeckBinary.run(["import", file.path, "-o", tape])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: tape))
        let lz4 = try await TapedeckBinary.runProcess("/usr/bin/env", ["lz4", "-dc", tape])
        #expect(lz4.status == 0 && !lz4.stdout.isEmpty)
        #expect(!lz4.stdout.contains(secret), "the secret reached the tape: \(lz4.stdout)")
        #expect(bytes.count > 0)
        let metadata = try TapeReader(path: tape).header.metadata
        #expect(metadata.upstreamURL?.hasPrefix("wss://lichun.app/wss/?v=2&token=redacted:") == true, "\(metadata)")
        #expect(
            metadata.requestHeaders.first { $0.name == "Sec-WebSocket-Protocol" }?.value.hasPrefix(
                "baolife, access_token, redacted:") == true)
    }
}
