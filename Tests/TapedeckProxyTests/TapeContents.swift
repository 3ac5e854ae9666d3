import Foundation
import TapedeckTape

/// A tape read to its end: header, records, and how it ended.
struct TapeContents {
    var metadata: TapeMetadata
    var records: [TapeRecord]
    var end: TapeEnd?

    init(path: String) throws {
        let reader = try TapeReader(path: path)
        metadata = reader.header.metadata
        records = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch {
            // Truncated or damaged: `end` says which; the records before are kept.
        }
        end = reader.end
    }

    func records(_ direction: TapeRecord.Direction, _ kinds: Set<TapeRecord.Kind>) -> [TapeRecord] {
        records.filter { $0.direction == direction && kinds.contains($0.kind) }
    }

    func text(_ record: TapeRecord) -> String { String(decoding: record.payload, as: UTF8.self) }
}
