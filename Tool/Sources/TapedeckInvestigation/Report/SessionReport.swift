import TapedeckChecks
import TapedeckReplay

/// Everything the HTML page of a session shows, computed from its tapes (see
/// `SessionReportBuilder`); `ReportPage` renders it. Holds no time of generation and no random
/// ids, so the same tapes give the same report.
package struct SessionReport: Sendable, Equatable {
    /// How many records of one type (or direction) the session has, and how many of them the
    /// page embeds.
    package struct Count: Sendable, Equatable {
        package var name: String
        package var total: Int
        package var embedded: Int

        package init(name: String, total: Int, embedded: Int) {
            self.name = name
            self.total = total
            self.embedded = embedded
        }
    }

    package var tapes: [ReportTape]
    /// The `--until` predicate the failure search used, if any.
    package var predicate: String?
    /// Records in the session (all tapes).
    package var recordCount: Int
    /// SHA-256 of the canonical snapshot after the whole session (as `tapedeck replay` prints it).
    package var finalDigest: String
    /// Per type, most frequent first (ties by name); per direction in c2s, s2c, note order.
    package var typeCounts: [Count]
    package var directionCounts: [Count]
    /// The records embedded in the page, in session order (see `embeddedRanges`).
    package var rows: [ReportRow]
    /// Which session indices `rows` covers, as ranges in order.
    package var embeddedRanges: [ClosedRange<Int>]
    /// One sample after each state-changing record once the game clock is known; consecutive
    /// samples with the same clock and values are merged into the first.
    package var samples: [ChartSample]
    /// State-changing records before the game had a date (not on the charts).
    package var samplesWithoutClock: Int
    /// The charts' x axis: game time, or the session's tape time when the game clock stands
    /// still over the whole session (a short session tape is one game instant).
    package var chartAxis: ChartAxis
    /// Each connection of the session, in the order they began: the page's lanes.
    package var connections: [ReportConnection]
    package var checkpoints: [ReportCheckpoint]
    package var failure: ReportFailure?
    /// The rules and message types the session exercised, as `tapedeck coverage` counts them
    /// (one session here: each tape's state carries on into the next).
    package var coverage: CoverageReport

    /// What the charts' x axis measures.
    package enum ChartAxis: String, Sendable, Equatable {
        case game
        case tape
    }

    package init(
        tapes: [ReportTape], predicate: String?, recordCount: Int, finalDigest: String, typeCounts: [Count],
        directionCounts: [Count], rows: [ReportRow], embeddedRanges: [ClosedRange<Int>], samples: [ChartSample],
        samplesWithoutClock: Int, chartAxis: ChartAxis = .game, connections: [ReportConnection] = [],
        checkpoints: [ReportCheckpoint], failure: ReportFailure?, coverage: CoverageReport
    ) {
        self.tapes = tapes
        self.predicate = predicate
        self.recordCount = recordCount
        self.finalDigest = finalDigest
        self.typeCounts = typeCounts
        self.directionCounts = directionCounts
        self.rows = rows
        self.embeddedRanges = embeddedRanges
        self.samples = samples
        self.samplesWithoutClock = samplesWithoutClock
        self.chartAxis = chartAxis
        self.connections = connections
        self.checkpoints = checkpoints
        self.failure = failure
        self.coverage = coverage
    }
}
