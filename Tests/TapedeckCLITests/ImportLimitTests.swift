import Foundation
import Testing

/// `import` refuses a tape no reader could read (issue 23, finding 6).
@Suite struct ImportLimitTests {
    @Test func importRefusesMetadataOverTheReadersLimit() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = directory.appendingPathComponent("big.jsonl")
        let label = String(repeating: "x", count: 17 << 20)
        try Data(
            ("{\"header\":{\"created\":\"2026-01-01T00:00:00.000Z\",\"tool\":\"t\",\"labels\":{\"big\":\"\(label)\"}}}\n"
                + "{\"seq\":0,\"t\":0,\"conn\":0,\"dir\":\"c2s\",\"kind\":\"open\"}\n").utf8
        ).write(to: lines)
        let tape = directory.appendingPathComponent("big.tape").path
        let result = try await TapedeckBinary.run(["import", lines.path, "-o", tape])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tapedeck: error: \(tape): the metadata is "))
        #expect(result.stderr.contains("over the limit of 16777216 bytes (16 MiB)"))
        #expect(!FileManager.default.fileExists(atPath: tape))
    }
}
