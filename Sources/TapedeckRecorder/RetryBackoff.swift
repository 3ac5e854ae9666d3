/// How long the uploader waits after failed uploads: exponential backoff with full jitter. After
/// n failures in a row the wait is drawn uniformly from 0 to `base`·2^(n−1), at most `ceiling`,
/// so devices that failed together (a collector restart) do not come back together.
struct RetryBackoff: Sendable, Equatable {
    /// Nanoseconds: the cap after the first failure, and the cap of every wait.
    let base: UInt64
    let ceiling: UInt64

    init(base: UInt64, ceiling: UInt64) {
        self.base = base
        self.ceiling = max(base, ceiling)
    }

    init(_ collector: ReportCollector) {
        self.init(
            base: FlightRecorderConfiguration.nanoseconds(collector.retryBase),
            ceiling: FlightRecorderConfiguration.nanoseconds(collector.retryCeiling))
    }

    /// The longest wait after `failures` failures in a row (0 before the first).
    func cap(afterFailures failures: Int) -> UInt64 {
        guard failures > 0 else { return 0 }
        let doublings = failures - 1
        // Past 63 doublings the shift overflows; the ceiling is reached long before.
        guard doublings < 63, base <= ceiling >> UInt64(doublings) else { return ceiling }
        return base << UInt64(doublings)
    }

    /// A wait after `failures` failures in a row: uniform from 0 to `cap(afterFailures:)`.
    func delay<Generator: RandomNumberGenerator>(afterFailures failures: Int, using generator: inout Generator) -> UInt64 {
        UInt64.random(in: 0...cap(afterFailures: failures), using: &generator)
    }
}

/// How the uploader waits out a backoff's delay: in full in an app; tests record the delays drawn
/// and wait a fraction (or none), so retries need no wall-clock seconds. `stop()` ends any wait.
package struct BackoffPacing: Sendable {
    /// Given the delay drawn (ns), the nanoseconds to actually wait.
    package let wait: @Sendable (UInt64) -> UInt64

    /// Pacing that turns each drawn delay into the wait `wait` returns.
    package init(_ wait: @escaping @Sendable (UInt64) -> UInt64) { self.wait = wait }

    /// Waits each delay in full.
    package static let realTime = BackoffPacing { $0 }
}
