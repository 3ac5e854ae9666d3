import Foundation
import Testing

/// A golden with a repeated key is refused with its path and the key, never passed
/// (issue 23, finding 11).
@Suite struct GoldenDuplicateKeyTests {
    @Test func checkAndReproRefuseAGoldenWithARepeatedKey() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = directory.appendingPathComponent("s.tape").path
        try FileManager.default.copyItem(atPath: TapedeckBinary.fixtureTape, toPath: tape)
        try Data("start: record 2\n".utf8).write(to: directory.appendingPathComponent("s.checkpoints"))
        let first = try await TapedeckBinary.run(["check", directory.path, "--no-catalog"]) // records the golden
        #expect(first.status == 1)
        let golden = directory.appendingPathComponent("s.golden/start.json").path
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        // gameState.energy again, with the same value: the state is unchanged but ambiguous.
        var lines = text.components(separatedBy: "\n")
        let energy = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\"energy\":") })
        let line = lines[energy].hasSuffix(",") ? String(lines[energy].dropLast()) : lines[energy]
        lines.insert(line + ",", at: energy)
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: golden))
        let key = "gameState.energy"

        let check = try await TapedeckBinary.run(["check", directory.path, "--no-catalog", "--record", "none"])
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "\(golden): not JSON: \(key): duplicate key \"energy\""))

        let repro = try await TapedeckBinary.run(["repro", tape])
        #expect(repro.status == 2)
        #expect(repro.stderr.hasPrefix("tapedeck: error: \(golden): the golden of checkpoint start is not JSON: \(key): "))
    }
}
