import Foundation
import TapedeckBenchmarks
import TapedeckTape
import Testing

@testable import TapedeckCLI

@Suite struct BenchDecodeTests {
    @Test func jsonReportHasOnePositiveObjectPerStage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var tapes: [String] = []
        for seed in 1...2 {
            let path = directory.appendingPathComponent("t\(seed).tape").path
            _ = try SyntheticTape.write(messages: 400, seed: UInt64(seed), to: path)
            tapes.append(path)
        }
        let stages = try DecodeBenchmark(tapes: tapes, repeats: 1).run()
        let names = stages.map(\.name)
        #expect(
            names == [
                "lz4", "lz4_liblz4", "framing", "decode", "replay", "replay_all_cores", "decode_in_memory", "jsondecoder",
                "jsonserialization",
            ])
        for stage in stages {
            let line = BenchDecodeCommand.jsonLine(stage)
            #expect(!line.contains("\n"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["stage"] as? String == stage.name)
            #expect((object["messages"] as? Int) == 800)
            #expect(((object["messages_per_s"] as? NSNumber)?.doubleValue ?? 0) > 0)
            #expect(((object["mb_per_s"] as? NSNumber)?.doubleValue ?? 0) > 0)
            #expect(((object["threads"] as? Int) ?? 0) >= 1)
        }
        let replay = try #require(stages.first { $0.name == "replay" })
        #expect(replay.extra.first { $0.0 == "invariant_violations" }?.1 == 0)
        // The Swift decoder and liblz4 decompress the same tapes in the same run; the table shows
        // the one's speed as a share of the other's.
        let table = BenchDecodeCommand.table(stages, tapes: tapes.count, repeats: 1)
        let lines = table.split(separator: "\n")
        #expect(lines.contains { $0.contains("lz4 ") && $0.contains("(Swift)") })
        #expect(lines.contains { $0.contains("lz4_liblz4") && $0.contains("% of liblz4's speed") })
    }

    @Test func bothDecompressorsProduceTheWholeRecordStream() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.tape").path
        _ = try SyntheticTape.write(messages: 3000, seed: 5, to: path)
        let reader = try TapeReader(path: path)
        while try reader.next() != nil {}
        #expect(try DecodeStages.decompress(path) == reader.uncompressedBytes)
        #expect(try DecodeStages.decompressWithLibLZ4(path) == reader.uncompressedBytes)
        let only = try DecodeBenchmark(tapes: [path], repeats: 1, only: ["lz4_liblz4"]).run()
        #expect(only.map(\.name) == ["lz4_liblz4"])
        #expect(throws: (any Error).self) { try BenchDecodeCommand.parse(["--synthetic", "10", "--stages", "lz4_nope"]) }
    }

    /// `tapedeck bench FOLDER` measures every tape under the folder, as `check` finds them; a folder
    /// without tapes is an error that names it.
    @Test func aFolderStandsForItsTapes() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested = directory.appendingPathComponent("phase-1")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        _ = try SyntheticTape.write(messages: 300, seed: 1, to: directory.appendingPathComponent("a.tape").path)
        _ = try SyntheticTape.write(messages: 200, seed: 2, to: nested.appendingPathComponent("b.tape").path)
        let run = try await TapedeckBinary.run([
            "bench", directory.path, "--stages", "framing", "--repeats", "1", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["stage"] as? String == "framing")
        #expect(object["messages"] as? Int == 500)

        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try await TapedeckBinary.run(["bench", empty.path])
        #expect(none.status == 2)
        #expect(none.stderr.contains("\(empty.path): no .tape files in this folder"), "\(none.stderr)")
    }

    @Test func commandRefusesTapesTogetherWithSynthetic() {
        #expect(throws: (any Error).self) { try BenchDecodeCommand.parse(["x.tape", "--synthetic", "10"]) }
        #expect(throws: (any Error).self) { try BenchDecodeCommand.parse([]) }
    }

    /// `tapedeck dev bench protocol --json`: one object, the three stages by key, figures as numbers.
    @Test func protocolBenchmarkReportIsOneJSONObject() throws {
        let result = try ProtocolBenchmark(SyntheticInput(messages: 200, seed: 3, repeats: 1)).run()
        let text = BenchProtocolCommand.jsonReport(result)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["messages"] as? Int == 200)
        #expect(object["seed"] as? Int == 3)
        for key in ["typed", "jsonDecoder", "jsonSerialization"] {
            let stage = try #require(object[key] as? [String: Any], "\(key) in \(text)")
            #expect(stage["decoded"] as? Int == 200)
            #expect(((stage["messagesPerSecond"] as? NSNumber)?.doubleValue ?? 0) > 0)
        }
        #expect(((object["typedVsJSONDecoder"] as? NSNumber)?.doubleValue ?? 0) > 0)
    }
}
