import ArgumentParser

/// The pace of the crash tests' writer children (`dev write-stream`, `dev recorder-write`): so many
/// numbered records a second, for a while or until killed, flushed at an interval.
struct SteadyRateOptions: ParsableArguments {
    @Option(help: "Records per second.")
    var rate: Int = 1000

    @Option(help: "Stop after this many records (default: run until killed).")
    var count: Int?

    @Option(help: "Flush interval in milliseconds.")
    var flushIntervalMs: Int = 100

    func validate() throws {
        guard rate > 0, rate <= 1_000_000 else { throw ValidationError("--rate must be from 1 to 1000000") }
        // In nanoseconds it must fit 64 bits: 18446744073710 trapped (issue 41, finding 8).
        guard flushIntervalMs > 0, flushIntervalMs <= 3_600_000 else {
            throw ValidationError("--flush-interval-ms must be from 1 to 3600000 (an hour) (got \(flushIntervalMs))")
        }
        if let count, count < 0 { throw ValidationError("--count must not be negative (got \(count))") }
    }

    /// Nanoseconds between two records.
    var period: UInt64 { 1_000_000_000 / UInt64(rate) }
}
