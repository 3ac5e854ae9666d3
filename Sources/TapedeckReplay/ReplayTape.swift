import TapedeckTape

/// Where a replay reads one tape of a session from: a tape file, read as the replay goes, or
/// records already in memory (a loaded bug report, the subset `tapedeck shrink` tries).
public enum ReplayTape: Sendable {
    case file(String)
    case memory(TapeInMemory)

    /// The tape's path, as reports name it.
    public var path: String {
        switch self {
        case .file(let path): path
        case .memory(let tape): tape.path
        }
    }
}

/// A tape's records held in memory, each decoded once (`inputs[i]` is `records[i]` decoded), so
/// replaying them many times, or a subset of them, neither reads nor decodes again.
public struct TapeInMemory: Sendable {
    /// The tape's path, as reports name it (the file it was loaded from, or a name given to it).
    public var path: String
    /// Every record of the tape, in tape order.
    public var records: [TapeRecord]
    /// The records decoded: `inputs[i]` is `records[i]` decoded, so the two have the same count.
    public var inputs: [ReplayInput]
    /// How reading the tape ended: an `end` checkpoint fires only when it is complete.
    public var end: TapeEnd
    /// Which records play, in this order (all, in tape order, when nil). They are numbered from 0
    /// in this order: a subset is replayed as the tape it would be written as.
    public var order: [Int]?

    /// A tape in memory.
    ///
    /// - Parameters:
    ///   - path: The tape's path, as reports name it.
    ///   - records: Every record, in tape order.
    ///   - inputs: The records decoded, one for one.
    ///   - end: How reading the tape ended.
    ///   - order: Which records play, in this order; nil for all, in tape order.
    public init(path: String, records: [TapeRecord], inputs: [ReplayInput], end: TapeEnd, order: [Int]? = nil) {
        self.path = path
        self.records = records
        self.inputs = inputs
        self.end = end
        self.order = order
    }

    /// How many records play.
    public var count: Int { order?.count ?? records.count }
}
