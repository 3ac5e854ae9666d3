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

/// Waits (bounded) until `condition` holds, polling. The bound only matters when a test fails,
/// and it is long on purpose: in the parallel suite's first minute, CPU-bound tests hold both
/// concurrency-pool threads and an awaiting test resumes tens of seconds late (CI once failed a
/// 10 s bound on a proxy's 400-and-close that, alone, comes within microseconds).
func eventually(_ seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return condition()
}
