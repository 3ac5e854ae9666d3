import TapedeckCore

/// The times a tape may hold: one range for every way a tape comes in (JSON Lines, HAR,
/// `import --created`), so that what one format takes every other writes and reads back (issue 41,
/// finding 9). A tape is created from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z; a
/// record's time, in nanoseconds since then, is at most 2^63-1 (about 292 years: HAR readers take
/// `_tapedeckTime` as a signed 64-bit integer), and its wall time (creation plus time) stays
/// within the same years, so a HAR export's dates and `time`s are all after 1970 and four-digit.
public enum TapeTimeRange {
    /// The earliest and latest wall times, in milliseconds since 1970.
    public static let earliestWallTime: Int64 = 0
    /// 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
    public static let latestWallTime: Int64 = 253_402_300_799_999
    /// The latest record time, in nanoseconds since the tape started: 2^63-1, about 292 years.
    public static let latestRecordTime = UInt64(Int64.max)
    /// The range in words, for errors and docs.
    public static let wallTimes = "1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z"

    /// A creation time's milliseconds since 1970, or why it is not one a tape may have.
    ///
    /// - Parameter text: An RFC 3339 UTC time, like `2026-01-02T03:04:05.678Z`.
    /// - Returns: Its milliseconds since 1970, or the problem: text that is not such a time, or a
    ///   time outside `wallTimes`.
    public static func created(_ text: String) -> Result<Int64, Problem> {
        guard let milliseconds = RFC3339.milliseconds(text) else {
            return .failure(Problem("\"\(text)\" is not a UTC time like 2026-01-02T03:04:05.678Z"))
        }
        if let problem = wallTimeProblem(milliseconds, of: "the creation time \"\(text)\"") { return .failure(problem) }
        return .success(milliseconds)
    }

    /// Why a wall time (milliseconds since 1970) is outside the range; nil within it.
    ///
    /// - Parameters:
    ///   - milliseconds: The wall time, in milliseconds since 1970 (negative before).
    ///   - what: What the time is, to start the problem's sentence (`the creation time "…"`).
    /// - Returns: The problem, saying whether it is before or after the range; nil when
    ///   `milliseconds` is from `earliestWallTime` to `latestWallTime`, both included.
    public static func wallTimeProblem(_ milliseconds: Int64, of what: String) -> Problem? {
        guard milliseconds >= earliestWallTime, milliseconds <= latestWallTime else {
            let side = milliseconds < earliestWallTime ? "before" : "after"
            return Problem("\(what) is \(side) the times a tape may hold (\(wallTimes))")
        }
        return nil
    }

    /// Why a record's time does not fit a tape created at `createdMilliseconds`; nil when it does.
    ///
    /// - Parameters:
    ///   - time: The record's time, in nanoseconds since the tape started.
    ///   - createdMilliseconds: The tape's creation time, in milliseconds since 1970, within the range.
    /// - Returns: The problem when `time` is over `latestRecordTime` or the wall time it stands for
    ///   is outside the range; nil when it fits.
    public static func recordTimeProblem(_ time: UInt64, createdMilliseconds: Int64) -> Problem? {
        guard time <= latestRecordTime else {
            return Problem("the time \(time) ns is over \(latestRecordTime) ns (about 292 years), the most a tape may span")
        }
        let wall = createdMilliseconds + Int64(time / 1_000_000)
        return wallTimeProblem(wall, of: "the time \(time) ns after the tape's creation (\(RFC3339.string(milliseconds: wall)))")
    }

    /// What is wrong with a time, in words.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The problem as a sentence without its final period.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
