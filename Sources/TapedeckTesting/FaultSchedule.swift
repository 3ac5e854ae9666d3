import TapedeckCore

/// A fault delivered to the app as URLSession delivers it (`AppReplay.checkFaults`).
public enum Fault: Sendable, Equatable, CustomStringConvertible {
    /// The connection breaks without a close frame: the pending receive fails with a lost connection.
    case drop
    /// The server closes the connection with this code: 1001 (going away), 1011 (server error),
    /// or one of the app's own, 4000–4999.
    case close(code: Int)
    /// The connection goes silent: open, no frames, no close, pings unanswered (a half-open TCP
    /// connection). The app must notice within its declared `FaultCheck.stallTimeout`.
    case stall
    /// The connection drops, and the app's next `count` attempts to connect are refused (the
    /// upgrade answered 503) before one is accepted.
    case refusals(count: Int)
    /// The server answers late: everything after the schedule's record comes `delay` later than
    /// recorded, to the tape's end (only first in a schedule: it plays on the tape, the other
    /// faults strike after it). The app must wait for the answer as it does for a slow network.
    case slowServer(delay: Duration)

    /// As written in Swift: `.close(code: 1011)`.
    public var description: String {
        switch self {
        case .drop: ".drop"
        case .close(let code): ".close(code: \(code))"
        case .stall: ".stall"
        case .refusals(let count): ".refusals(count: \(count))"
        case .slowServer(let delay): ".slowServer(delay: \(DurationText.seconds(delay.wholeNanoseconds)))"
        }
    }
}

extension Fault {
    /// Whether the fault plays on the tape (a slow server) rather than after leaving it.
    var isOnTape: Bool {
        if case .slowServer = self { return true }
        return false
    }
}

/// Faults on a tape's virtual time: the first strikes the connection open after record
/// `afterRecord`, each later one the connection the app opened after the one before. Written by
/// hand, or drawn from a seed (`drawn(seed:records:)`): the same seed gives the same schedule.
public struct FaultSchedule: Sendable, Equatable, CustomStringConvertible {
    /// The record after which the first fault strikes, from 0.
    public var afterRecord: Int
    /// The faults, in the order they strike.
    public var faults: [Fault]

    /// A schedule.
    ///
    /// - Parameters:
    ///   - afterRecord: The record after which the first fault strikes, from 0.
    ///   - faults: The faults, in the order they strike.
    public init(afterRecord: Int, faults: [Fault]) {
        self.afterRecord = afterRecord
        self.faults = faults
    }

    /// A schedule drawn from `seed` for a tape of `records` records: a point, then one to three
    /// faults of the kinds the seed enables. Nil for a tape without records.
    ///
    /// - Parameters:
    ///   - seed: The seed; the same one always draws the same schedule.
    ///   - records: How many records the tape has.
    ///   - kinds: The faults to draw from; a seed switches each on or off (swarm testing), so
    ///     schedules differ in kind, not only in points.
    /// - Returns: The schedule, or nil when the tape has no record or `kinds` is empty.
    public static func drawn(seed: UInt64, records: Int, kinds: [Fault]) -> FaultSchedule? {
        guard records > 0, !kinds.isEmpty else { return nil }
        var generator = SeededGenerator(seed: seed)
        var enabled = kinds.filter { _ in generator.next() % 2 == 0 }
        if enabled.isEmpty { enabled = [kinds[Int(generator.next() % UInt64(kinds.count))]] }
        let count = 1 + Int(generator.next() % 3)
        var faults = (0..<count).map { _ in enabled[Int(generator.next() % UInt64(enabled.count))] }
        // A slow server plays on the tape: at most one, first.
        if let slow = faults.first(where: \.isOnTape) { faults = [slow] + faults.filter { !$0.isOnTape } }
        return FaultSchedule(afterRecord: Int(generator.next() % UInt64(records)), faults: faults)
    }

    /// Smaller schedules to try when this one fails, most shrunk first: each with one fault
    /// fewer, then the same faults at an earlier point (the first record, then halfway).
    var shrinks: [FaultSchedule] {
        var smaller: [FaultSchedule] = []
        if faults.count > 1 {
            for index in faults.indices {
                var fewer = faults
                fewer.remove(at: index)
                smaller.append(FaultSchedule(afterRecord: afterRecord, faults: fewer))
            }
        }
        for point in [0, afterRecord / 2] where point < afterRecord {
            smaller.append(FaultSchedule(afterRecord: point, faults: faults))
        }
        return smaller
    }

    /// `after record 13: .drop, .refusals(count: 2)`
    public var description: String {
        "after record \(afterRecord): " + faults.map(\.description).joined(separator: ", ")
    }
}
