/// What `tapedeck info` reports about a tape: counts by direction, kind and envelope type, time
/// span, sizes and how the tape ends.
public struct TapeStatistics: Sendable, Equatable {
    /// Envelope types counted per direction, e.g. `(.s2c, "u")`.
    public struct TypeKey: Hashable, Sendable {
        /// Who sent messages of this type.
        public var direction: TapeRecord.Direction
        /// The envelope's `type`, as written.
        public var type: String
    }

    /// The tape's header.
    public var header: TapeHeader
    /// Records read.
    public var recordCount = 0
    /// Records of kinds or directions this version does not know, passed over.
    public var skippedRecordCount = 0
    /// The first record's time (ns since the tape started); nil for a tape without records.
    public var firstTime: UInt64?
    /// The last record's time (ns since the tape started); nil for a tape without records.
    public var lastTime: UInt64?
    /// Indexed by `Direction.rawValue` and `Kind.rawValue`.
    public var directionCounts = [Int](repeating: 0, count: TapeRecord.Direction.allCases.count)
    /// Records per kind, indexed by `Kind.rawValue` (see `count(_:)`).
    public var kindCounts = [Int](repeating: 0, count: TapeRecord.Kind.allCases.count)
    /// Text messages per envelope type and direction (messages without a top-level `type` are not counted).
    public var typeCounts: [TypeKey: Int] = [:]
    /// The connection numbers seen.
    public var connections: Set<UInt32> = []
    /// The tape file's size.
    public var compressedBytes: UInt64 = 0
    /// The record stream's size, decompressed as far as it was read.
    public var uncompressedBytes: UInt64 = 0
    /// How reading ended: complete, truncated or damaged.
    public var end: TapeEnd = .complete

    /// Empty statistics, for `add(_:)` to fill.
    ///
    /// - Parameter header: The tape's header.
    public init(header: TapeHeader) { self.header = header }

    /// Tape time of the last record: the tape starts at 0.
    public var duration: UInt64 { lastTime ?? 0 }

    /// Counts one record, read in tape order.
    ///
    /// - Parameter record: The next record; its time becomes `lastTime`.
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

    /// How many records went one way.
    ///
    /// - Parameter direction: The direction.
    /// - Returns: The records of that direction read so far.
    public func count(_ direction: TapeRecord.Direction) -> Int { directionCounts[Int(direction.rawValue)] }
    /// How many records were of one kind.
    ///
    /// - Parameter kind: The kind.
    /// - Returns: The records of that kind read so far.
    public func count(_ kind: TapeRecord.Kind) -> Int { kindCounts[Int(kind.rawValue)] }

    /// Reads the whole tape. A truncated or damaged tape is not an error here: `end` says so.
    ///
    /// - Parameter reader: A tape reader; the records it has not read yet are counted (all of them
    ///   from a fresh reader).
    /// - Returns: The counts of the records before the end or the damage, the sizes, and how the
    ///   tape ends.
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
