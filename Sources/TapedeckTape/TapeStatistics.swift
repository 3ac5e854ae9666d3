/// What `tapedeck info` reports about a tape: counts by direction, kind and envelope type, time
/// span, sizes and how the tape ends.
public struct TapeStatistics: Sendable, Equatable {
    /// Envelope types counted per direction, e.g. `(.s2c, "u")`.
    public struct TypeKey: Hashable, Sendable {
        public var direction: TapeRecord.Direction
        public var type: String
    }

    public var header: TapeHeader
    public var recordCount = 0
    public var skippedRecordCount = 0
    public var firstTime: UInt64?
    public var lastTime: UInt64?
    /// Indexed by `Direction.rawValue` and `Kind.rawValue`.
    public var directionCounts = [Int](repeating: 0, count: TapeRecord.Direction.allCases.count)
    public var kindCounts = [Int](repeating: 0, count: TapeRecord.Kind.allCases.count)
    public var typeCounts: [TypeKey: Int] = [:]
    public var connections: Set<UInt32> = []
    public var compressedBytes: UInt64 = 0
    public var uncompressedBytes: UInt64 = 0
    public var end: TapeEnd = .complete

    public init(header: TapeHeader) { self.header = header }

    /// Tape time of the last record: the tape starts at 0.
    public var duration: UInt64 { lastTime ?? 0 }

    public mutating func add(_ record: TapeRecord) {
        recordCount += 1
        if firstTime == nil { firstTime = record.time }
        lastTime = record.time
        directionCounts[Int(record.direction.rawValue)] += 1
        kindCounts[Int(record.kind.rawValue)] += 1
        connections.insert(record.connection)
        if record.kind == .text, let type = EnvelopeTypeScanner.type(in: record.payload) {
            typeCounts[TypeKey(direction: record.direction, type: String(decoding: type, as: UTF8.self)), default: 0] += 1
        }
    }

    public func count(_ direction: TapeRecord.Direction) -> Int { directionCounts[Int(direction.rawValue)] }
    public func count(_ kind: TapeRecord.Kind) -> Int { kindCounts[Int(kind.rawValue)] }

    /// Reads the whole tape. A truncated or damaged tape is not an error here: `end` says so.
    public static func gather(from reader: TapeReader) -> TapeStatistics {
        var statistics = TapeStatistics(header: reader.header)
        while true {
            do {
                guard let record = try reader.next() else { break }
                statistics.add(record)
            } catch {
                if reader.end == nil {
                    statistics.end = .damaged(afterRecords: reader.recordCount, atByte: 0, reason: error.description)
                }
                break
            }
        }
        if let end = reader.end { statistics.end = end }
        statistics.skippedRecordCount = reader.skippedRecordCount
        statistics.compressedBytes = reader.compressedBytes
        statistics.uncompressedBytes = reader.uncompressedBytes
        return statistics
    }
}
