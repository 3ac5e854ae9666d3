import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// The model-independent bookkeeping of a replay: the session clock across tapes, the statistics
/// and the rules of the message stream (`ClaimLedger`). `ReplayCursor` drives it.
///
/// Several tapes in a row are one session across reconnects: `startTape()` shifts the clock so
/// each tape's time 0 is the previous tape's last record time.
public struct ReplayFeed: Sendable {
    /// What the feed counted so far: records by kind, messages by type, decode failures, markers.
    public private(set) var statistics = ReplayStatistics()
    private var ledger = ClaimLedger()
    private var tapeIndex = -1
    private var tapeOffset: UInt64 = 0
    private var lastSessionTime: UInt64 = 0

    /// A feed before its first tape: session time 0, no records counted.
    public init() {}

    /// Call before the first record of each tape.
    public mutating func startTape() {
        tapeIndex += 1
        tapeOffset = lastSessionTime
    }

    /// The session time a record of the current tape at `tapeTime` gets.
    ///
    /// - Parameter tapeTime: The record's time on its own tape, in nanoseconds from the tape's start.
    /// - Returns: The session time in nanoseconds; `UInt64.max` when the sum overflows.
    public func sessionTime(ofTapeTime tapeTime: UInt64) -> UInt64 {
        let (sum, overflow) = tapeOffset.addingReportingOverflow(tapeTime)
        return overflow ? UInt64.max : sum
    }

    /// Counts a record before the model gets it: its place in the session and the stream rules it
    /// breaks (empty if none).
    ///
    /// - Parameters:
    ///   - record: The record as the tape holds it.
    ///   - input: The record as the replayer decoded it.
    ///   - number: The record's index on its tape, from 0.
    /// - Returns: The record's position in the session and the stream rules (`ClaimLedger`) it broke.
    public mutating func take(_ record: TapeRecord, decoded input: ReplayInput, number: Int) -> (
        RecordPosition, [InvariantViolation]
    ) {
        if tapeIndex < 0 { startTape() }
        let time = sessionTime(ofTapeTime: record.time)
        lastSessionTime = time
        let position = RecordPosition(
            tape: tapeIndex, record: number, tapeTime: record.time,
            sessionTime: VirtualTime(nanoseconds: time))
        statistics.records += 1
        statistics.kindCounts[Int(record.kind.rawValue)] += 1
        var violations: [InvariantViolation] = []
        switch input {
        case .server(let message):
            statistics.count(message)
            if let broken = ledger.check(message) { violations.append(broken) }
        case .client(let message):
            statistics.count(message)
            ledger.noteSent(message)
        case .connection:
            statistics.connectionEvents += 1
        case .marker(let name):
            statistics.markers.append((position, name))
        case .undecodable, .passive:
            break
        }
        return (position, violations)
    }

    /// Notes a message Tapedeck's decoder rejected, and whether the model got its bytes anyway.
    ///
    /// - Parameters:
    ///   - record: The record whose payload did not decode.
    ///   - direction: Whether the server or the client sent it.
    ///   - error: Why the decoder rejected it.
    ///   - position: Where the record sits in the session.
    ///   - reachedModel: Whether the model got the bytes anyway (a `SocketModel` that parses them itself).
    public mutating func noteUndecodable(
        _ record: TapeRecord, direction: TapeRecord.Direction, error: ProtocolError,
        at position: RecordPosition, reachedModel: Bool
    ) {
        statistics.decodeFailures.append(
            .init(
                position: position, direction: direction, error: error,
                excerpt: MessageText.excerpt(record.payload, limit: 120),
                reachedModel: reachedModel))
    }
}
