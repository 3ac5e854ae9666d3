import Foundation

/// The replay's clock, for the app's timers (backoff, debounce, polling): a `Clock` whose time is
/// the tape's virtual time, not the wall clock's. An app that takes its clock as `any Clock<Duration>`
/// (`ContinuousClock()` in the app, `network.clock` under a replay) sleeps until the replay reaches
/// the deadline: a backoff of 1, 2, 4 and 8 s costs no wall time and ends at the same virtual
/// instant on every run.
///
/// `AppReplay` moves it before each record to that record's time, waking the sleepers due on the
/// way one deadline at a time, earliest first, and letting the app settle after each (so a timer
/// that starts another timer is woken too, if it falls before the record). Sleepers still waiting
/// when the replay ends are cancelled: their `sleep` throws `CancellationError`, as the app's tasks
/// end with its process. Like `ContinuousClock` in a test of its own, it moves only when told
/// (`advance(by:)`): the replay or the test moves it, never the wall clock.
///
/// `@unchecked Sendable`: its one mutable property, `state` (the time and the sleepers), is read and
/// written only under `lock`; sleepers are resumed outside it.
public final class ReplayClock: Clock, @unchecked Sendable {
    /// A point of the replay's virtual time: how long after the session's start.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// How long after the session's start; zero at the start.
        public var offset: Duration

        /// The instant `offset` after the session's start.
        ///
        /// - Parameter offset: How long after the session's start.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        public func duration(to other: Instant) -> Duration { other.offset - offset }

        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }

        /// `t=2.500s`; `t=-1.250s` before the session's start.
        public var description: String {
            let (seconds, attoseconds) = offset.components
            // Both parts carry the sign; milliseconds are taken of each part's magnitude, so no
            // offset (Int64.min seconds included) overflows.
            let negative = seconds < 0 || attoseconds < 0
            let milliseconds = attoseconds.magnitude / 1_000_000_000_000_000
            let fraction = String(milliseconds)
            return "t=\(negative ? "-" : "")\(seconds.magnitude).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var ended = false
    }

    private let lock = NSLock()
    private var state = State()

    /// A clock at the session's start, for a test of its own (`AppReplay` makes one per replay).
    public init() {}

    /// The replay's virtual time now: it only moves forward, when the replay or the test moves it.
    public var now: Instant { lock.withLock { state.now } }

    /// One nanosecond: the resolution of a tape's times.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Returns when the clock reaches `deadline` (at once for a deadline not after now); throws
    /// `CancellationError` when the task is cancelled or the replay ends first.
    ///
    /// - Parameters:
    ///   - deadline: The virtual instant to wake at.
    ///   - tolerance: Ignored: sleepers wake exactly at their deadline.
    /// - Throws: `CancellationError` when the task is cancelled, or when the replay ends (or has
    ///   ended) before the deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        AppWork.touch()
        let id: Int? = lock.withLock {
            guard deadline > state.now, !state.ended else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else {
            if lock.withLock({ state.ended }) { throw CancellationError() }
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled: Bool = lock.withLock {
                    // Cancelled between the check above and here: the handler found nothing to resume.
                    if Task.isCancelled || state.ended { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many sleeps are waiting for the clock.
    public var sleepers: Int { lock.withLock { state.sleepers.count } }

    /// The earliest deadline a sleeper waits for.
    public var nextDeadline: Instant? { lock.withLock { state.sleepers.map(\.deadline).min() } }

    /// Moves the clock forward by `duration` and wakes every sleeper due by then, as one step (a
    /// test of the app's timers without a tape). `AppReplay` wakes them deadline by deadline.
    ///
    /// - Parameter duration: How far to move; the clock never moves back, so a negative one
    ///   wakes no one and leaves it where it is.
    public func advance(by duration: Duration) {
        let target = now.advanced(by: duration)
        while wakeNext(notAfter: target) != nil {}
        move(to: target)
    }

    /// Moves the clock to the earliest deadline not after `limit` and wakes its sleepers; nil when
    /// none is due by then (the clock is not moved).
    @discardableResult
    func wakeNext(notAfter limit: Instant) -> Instant? {
        let (deadline, due): (Instant?, [Sleeper]) = lock.withLock {
            guard let deadline = state.sleepers.map(\.deadline).min(), deadline <= limit else { return (nil, []) }
            state.now = max(state.now, deadline)
            let due = state.sleepers.filter { $0.deadline == deadline }
            state.sleepers.removeAll { $0.deadline == deadline }
            return (deadline, due)
        }
        for sleeper in due { sleeper.continuation.resume() }
        return deadline
    }

    /// Moves the clock to `instant` (never back) without waking anyone: the replay wakes the
    /// sleepers due first.
    func move(to instant: Instant) {
        lock.withLock { state.now = max(state.now, instant) }
    }

    /// The replay is over: every sleeper is cancelled, and later sleeps throw at once.
    func end() {
        let waiting: [Sleeper] = lock.withLock {
            state.ended = true
            defer { state.sleepers = [] }
            return state.sleepers
        }
        for sleeper in waiting { sleeper.continuation.resume(throwing: CancellationError()) }
    }
}

extension Duration {
    /// Whole nanoseconds: negative durations as zero, and at most 2^63-1 (about 292 years, the
    /// longest a tape spans), so a tolerance a test gives added to a tape time cannot overflow.
    var wholeNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        guard seconds < Int64.max / 1_000_000_000 else { return UInt64(Int64.max) }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
