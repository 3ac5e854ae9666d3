import Foundation
import TapedeckTape
import TestSupport
import Testing

/// The writer refuses what every reader would refuse, with the limit in the message
/// (issue 23, finding 6).
@Suite(.cpuBound) struct WriterLimitTests {
    private func metadata(labelBytes: Int) -> TapeMetadata {
        var metadata = TestFiles.metadata
        metadata.labels = ["big": String(repeating: "x", count: labelBytes)]
        return metadata
    }

    @Test func metadataOverTheReadersLimitIsRefusedAndNothingIsWritten() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.tape").path
        for options in [TapeWriterOptions(), TapeWriterOptions(replacesAtClose: true)] {
            #expect {
                _ = try TapeWriter(
                    path: path, metadata: metadata(labelBytes: Int(TapeFormat.maxMetadataLength)), options: options)
            } throws: { error in
                guard case .metadataTooLarge(let where_, let length) = error as? TapeError else { return false }
                let text = (error as? TapeError)?.description ?? ""
                return where_ == path && length > Int(TapeFormat.maxMetadataLength)
                    && text.contains("16777216 bytes (16 MiB)") && text.contains("\(length) bytes")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test func metadataJustUnderTheLimitIsWrittenAndReadBack() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let overhead = TapeMetadataJSON.encode(metadata(labelBytes: 0)).count
        let fitting = metadata(labelBytes: Int(TapeFormat.maxMetadataLength) - overhead)
        #expect(TapeMetadataJSON.encode(fitting).count == Int(TapeFormat.maxMetadataLength))
        let path = directory.appendingPathComponent("fits.tape").path
        let writer = try TapeWriter(path: path, metadata: fitting)
        try writer.close()
        #expect(try TapeReader(path: path).header.metadata == fitting)
    }
}
