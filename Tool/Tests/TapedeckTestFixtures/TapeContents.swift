import Foundation
import TapedeckTape

/// A tape read to its end: header, records, and how it ended. A truncated or damaged tape keeps
/// the records before the damage, with the error that stopped reading.
public struct TapeContents {
    public var header: TapeHeader
    public var metadata: TapeMetadata { header.metadata }
    public var records: [TapeRecord]
    public var end: TapeEnd?
    /// The error that ended reading, nil when the tape ended cleanly.
    public var error: TapeError?
    /// The reader, for what it counted (`uncompressedBytes`).
    public let reader: TapeReader

    public init(path: String) throws {
        reader = try TapeReader(path: path)
        header = reader.header
        records = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch {
            self.error = error
        }
        end = reader.end
    }

    public func records(_ direction: TapeRecord.Direction, _ kinds: Set<TapeRecord.Kind>) -> [TapeRecord] {
        records.filter { $0.direction == direction && kinds.contains($0.kind) }
    }

    public func text(_ record: TapeRecord) -> String { String(decoding: record.payload, as: UTF8.self) }
}
