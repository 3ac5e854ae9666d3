import Foundation
import Testing

@testable import TapedeckTape

/// The writer's tapes are standard LZ4: the reference tool checks and decodes them.
@Suite struct TapeLZ4ToolTests {
    @Test func lz4AcceptsTheTapeAndDecodesTheRecordStream() async throws {
        let directory = try TestFiles.directory()
        var records = TapeReaderTests.sample
        // Enough data for several 64 KiB blocks, including a record spanning blocks.
        records.append(
            TapeRecord(
                time: 50, direction: .s2c, kind: .binary,
                payload: (0..<200_000).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index &* 31) }))
        for index in 0..<2000 {
            records.append(
                TapeRecord(
                    time: 60 + UInt64(index), direction: .s2c, kind: .text,
                    payload: Array("{\"type\":\"u\",\"message\":{\"energy\":\(index % 100)}}".utf8)))
        }
        let path = try TestFiles.writeTape(records, in: directory)
        let check = try await TestFiles.run("/usr/bin/lz4", ["-t", path])
        #expect(check.status == 0, "lz4 -t: \(check.standardError)")

        let decoded = try await TestFiles.run("/usr/bin/lz4", ["-dc", path])
        #expect(decoded.status == 0)
        let (_, error, reader) = try TestFiles.readAll(path)
        #expect(error == nil)
        #expect(UInt64(decoded.outputData.count) == reader.uncompressedBytes)

        // And the decoded bytes are exactly the documented record stream.
        var expected = TapeHeader(metadata: TestFiles.metadata).encoded()
        for record in records { TapeRecordCodec.append(record, to: &expected) }
        #expect([UInt8](decoded.outputData) == expected)
    }

    @Test func theFixtureInfoSizeMatchesLz4() async throws {
        let decoded = try await TestFiles.run("/usr/bin/lz4", ["-dc", TestFiles.fixtureTape])
        let statistics = TapeStatistics.gather(from: try TapeReader(path: TestFiles.fixtureTape))
        #expect(UInt64(decoded.outputData.count) == statistics.uncompressedBytes)
        #expect(statistics.end == .complete)
    }
}
