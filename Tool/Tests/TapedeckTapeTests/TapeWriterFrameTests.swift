import CLZ4
import Foundation
import TapedeckLZ4Reference
import TestSupport
import Testing

@testable import TapedeckTape

/// The one tape writer's frames (`TapeWriter` on `LZ4FrameEncoder`, LZ4 in Swift) against liblz4,
/// the reference: liblz4's frame decoder and the `lz4` tool read every frame it writes to exactly
/// the record stream, as the Swift decoder does, whatever the flushes, sizes and content.
@Suite(.cpuBound) struct TapeWriterFrameTests {
    typealias Support = LZ4TestSupport

    /// What a case writes: records, and a flush after every `flushEvery` of them (0: only the
    /// writer's own flushes).
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var payloads: [(Support.Texture, Int)]
        var flushEvery = 0
        var flushThreshold = 64 * 1024

        /// The records of the case, 1 ms apart, alternating directions.
        func records() -> [TapeRecord] {
            payloads.enumerated().map { index, payload in
                TapeRecord(
                    time: UInt64(index) * 1_000_000, direction: index % 2 == 0 ? .s2c : .c2s, kind: .binary,
                    payload: Support.data(payload.1, payload.0, seed: UInt64(index) + 7))
            }
        }
    }

    static let cases: [Case] = [
        Case(description: "an empty tape", payloads: []),
        Case(description: "one small record", payloads: [(.json, 40)]),
        Case(description: "a flush after every record", payloads: (0..<60).map { (.json, 100 + $0 * 37) }, flushEvery: 1),
        Case(
            description: "a flush every 7 records, a 1000-byte threshold",
            payloads: (0..<300).map { (.text, 50 + $0 % 400) }, flushEvery: 7, flushThreshold: 1000),
        Case(description: "one big compressible record (several blocks)", payloads: [(.json, 300_000)]),
        Case(description: "one big incompressible record (stored blocks)", payloads: [(.random, 200_000)]),
        Case(
            description: "records straddling 64 KiB blocks, every texture",
            payloads: Support.Texture.allCases.flatMap { [($0, 65_530), ($0, 9), ($0, 70_000)] }),
    ]

    /// The record stream the writer was given: header, then every record encoded.
    private func expectedStream(_ records: [TapeRecord]) -> [UInt8] {
        var stream = TapeHeader(metadata: TestFiles.metadata).encoded()
        for record in records { TapeRecordCodec.append(record, to: &stream) }
        return stream
    }

    private func write(_ testCase: Case, to path: String, close: Bool = true) throws -> TapeWriter {
        let writer = try TapeWriter(
            path: path, metadata: TestFiles.metadata,
            options: TapeWriterOptions(flushInterval: .max, flushThreshold: testCase.flushThreshold))
        for (index, record) in testCase.records().enumerated() {
            try writer.append(record)
            if testCase.flushEvery > 0, (index + 1) % testCase.flushEvery == 0 { try writer.flush() }
        }
        if close { try writer.close() }
        return writer
    }

    @Test(arguments: TapeWriterFrameTests.cases)
    func liblz4AndTheSwiftDecoderReadTheSameBytes(_ testCase: Case) async throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try write(testCase, to: path)
        let expected = expectedStream(testCase.records())

        let swift = Support.swiftOutcome(path)
        let reference = Support.referenceOutcome(path)
        #expect(reference.end == "complete", "liblz4: \(reference)")
        #expect(swift.end == "complete", "Swift: \(swift)")
        #expect(reference.bytes == expected, "liblz4 read \(reference.bytes.count) bytes, expected \(expected.count)")
        #expect(swift.bytes == expected, "Swift read \(swift.bytes.count) bytes, expected \(expected.count)")
        #expect(writer.uncompressedBytes == UInt64(expected.count))
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(writer.compressedBytes == UInt64(file.count))

        let decoded = try await TestFiles.run("/usr/bin/lz4", ["-dc", path])
        #expect(decoded.status == 0, "lz4 -dc: \(decoded.standardError)")
        #expect([UInt8](decoded.outputData) == expected, "lz4 -dc gave \(decoded.outputData.count) bytes")
    }

    /// Flushed blocks end where the flushes were, with at most 64 KiB each; incompressible data is
    /// stored; the frame header is the one liblz4 writes for the same settings.
    @Test func blocksFollowTheFlushesAndTheHeaderIsLibLZ4s() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flushed = try write(Self.cases[2], to: directory.appendingPathComponent("flushed.tape").path)
        let flushedFile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: flushed.path)))
        // Frame header, the tape header's block, one block per record, the end mark.
        #expect(Support.unitOffsets(flushedFile).count == 1 + 1 + 60 + 1)
        #expect(Array(flushedFile.prefix(7)) == Array(Support.frame([], Support.FrameOptions()).prefix(7)))
        #expect(Array(flushedFile.prefix(7)) == LZ4FrameEncoder.frameHeader)

        let stored = try write(Self.cases[5], to: directory.appendingPathComponent("stored.tape").path)
        let storedFile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stored.path)))
        // 200,000 random bytes: four blocks of at most 64 KiB, all stored uncompressed.
        #expect(Support.storedBlockCount(storedFile) >= 4)
        #expect(Support.unitOffsets(storedFile).count == 1 + 1 + 4 + 1)
    }

    /// A writer killed after a flush: both decoders read every flushed byte and stop at the same
    /// offset, where the end mark is missing.
    @Test(arguments: [TapeWriterFrameTests.cases[2], TapeWriterFrameTests.cases[6]])
    func anUnclosedTapeReadsTheSameTruncatedInBoth(_ testCase: Case) throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try write(testCase, to: path, close: false)
        try writer.flush()
        let swift = Support.swiftOutcome(path)
        let reference = Support.referenceOutcome(path)
        #expect(swift.end == "truncated at \(writer.compressedBytes)", "Swift: \(swift)")
        #expect(reference.end == swift.end, "liblz4: \(reference)")
        #expect(swift.bytes == expectedStream(testCase.records()))
        #expect(reference.bytes == swift.bytes)
    }

    /// Every block `LZ4BlockCompressor` writes decodes with liblz4's `LZ4_decompress_safe` to its input.
    @Test(arguments: Support.Texture.allCases)
    func liblz4DecodesTheSwiftBlockCompressor(texture: Support.Texture) {
        var compressor = LZ4BlockCompressor()
        var seed: UInt64 = 500
        for count in [1, 12, 13, 16, 17, 100, 255, 4096, 65_535, 65_536] {
            seed += 1
            let data = Support.data(count, texture, seed: seed)
            var block = [UInt8](repeating: 0, count: LZ4BlockCompressor.bound(count))
            let size = data.withUnsafeBytes { input in
                block.withUnsafeMutableBytes { output in compressor.compress(input, into: output.baseAddress!) }
            }
            guard let size else {
                // Not smaller than its input (the writer stores such a block): random data, or too short.
                #expect(texture == .random || count < 4096, "\(count) bytes of \(texture) did not compress")
                continue
            }
            var decoded = [UInt8](repeating: 0, count: count)
            let produced = block.withUnsafeBytes { source in
                decoded.withUnsafeMutableBytes { destination in
                    LZ4_decompress_safe(
                        source.baseAddress?.assumingMemoryBound(to: CChar.self),
                        destination.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(size), Int32(count))
                }
            }
            #expect(produced == Int32(count), "\(count) bytes of \(texture)")
            #expect(decoded == data, "\(count) bytes of \(texture)")
        }
    }
}
