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
    public static let latestWallTime: Int64 = 253_402_300_799_999
    public static let latestRecordTime = UInt64(Int64.max)
    /// The range in words, for errors and docs.
    public static let wallTimes = "1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z"

    /// A creation time's milliseconds since 1970, or why it is not one a tape may have.
    public static func created(_ text: String) -> Result<Int64, Problem> {
        guard let milliseconds = RFC3339.milliseconds(text) else {
            return .failure(Problem("\"\(text)\" is not a UTC time like 2026-01-02T03:04:05.678Z"))
        }
        if let problem = wallTimeProblem(milliseconds, of: "the creation time \"\(text)\"") { return .failure(problem) }
        return .success(milliseconds)
    }

    /// Why a wall time (milliseconds since 1970) is outside the range; nil within it.
    public static func wallTimeProblem(_ milliseconds: Int64, of what: String) -> Problem? {
        guard milliseconds >= earliestWallTime, milliseconds <= latestWallTime else {
            let side = milliseconds < earliestWallTime ? "before" : "after"
            return Problem("\(what) is \(side) the times a tape may hold (\(wallTimes))")
        }
        return nil
    }

    /// Why a record's time does not fit a tape created at `createdMilliseconds`; nil when it does.
    public static func recordTimeProblem(_ time: UInt64, createdMilliseconds: Int64) -> Problem? {
        guard time <= latestRecordTime else {
            return Problem("the time \(time) ns is over \(latestRecordTime) ns (about 292 years), the most a tape may span")
        }
        let wall = createdMilliseconds + Int64(time / 1_000_000)
        return wallTimeProblem(wall, of: "the time \(time) ns after the tape's creation (\(RFC3339.string(milliseconds: wall)))")
    }

    /// What is wrong with a time, in words.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
