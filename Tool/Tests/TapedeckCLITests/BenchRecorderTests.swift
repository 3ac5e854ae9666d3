import Foundation
import TapedeckBenchmarks
import Testing

@testable import TapedeckCLI

/// `tapedeck dev bench recorder` on a small corpus: every stage runs, and every file the writers
/// wrote was read by liblz4 and the Swift decoder to the same bytes (the benchmark throws if not).
@Suite struct BenchRecorderTests {
    @Test func everyWriterStageWritesTapesLiblz4Reads() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stages = try RecorderBenchmark(messages: 3000, seed: 1, repeats: 1, directory: directory.path).run()
        #expect(stages.map(\.name) == ["caller", "writer_swift_redacting", "writer_swift", "writer_tape"])
        for stage in stages.dropFirst() {
            #expect(stage.messages == 3000)
            // The synthetic session compresses about 3.6 times; a writer storing every block would give 1.
            #expect(stage.ratio > 2, "\(stage.name): ratio \(stage.ratio)")
        }
        let table = BenchRecorderCommand.table(stages, repeats: 1)
        #expect(table.contains("liblz4 and the Swift decoder read every file written to the same bytes"))
    }
}
