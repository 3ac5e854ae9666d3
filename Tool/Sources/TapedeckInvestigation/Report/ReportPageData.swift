import TapedeckCore
import TapedeckProtocol
import TapedeckReplay

/// The data the page's script draws from, as JSON: timeline rows as arrays (smaller than
/// objects for thousands of rows) and the chart samples as one array per column.
enum ReportPageData {
    /// Rows per page of the timeline.
    static let pageSize = 200

    /// Column order of a row array, mirrored by the script's `COLUMN` table.
    static func row(_ row: ReportRow) -> JSONValue {
        .array([
            .int(row.index), .int(row.tape), .int(row.record), .string(DurationText.seconds(row.tapeTime)),
            .string(row.direction), .string(row.type), .string(row.summary), row.detail.map(JSONValue.string) ?? .null,
            .bool(row.undecodable), .int(Int(row.connection)),
        ])
    }

    static func json(_ report: SessionReport) -> JSONValue {
        let samples = report.samples
        // Game minutes, or milliseconds of tape time.
        let xs = samples.map { report.chartAxis == .game ? Int($0.gameMinute) : Int($0.tapeTime / 1_000_000) }
        return .object([
            "rows": .array(report.rows.map(row)),
            "samples": .object([
                "axis": .string(report.chartAxis.rawValue),
                "row": .array(samples.map { .int($0.row) }),
                "x": .array(xs.map { .int($0) }),
                "energy": .array(samples.map { .int($0.energy) }),
                "money": .array(samples.map { .int($0.money) }),
                "diamonds": .array(samples.map { .int($0.diamonds) }),
            ]),
            "failureRow": report.failure.map { .int($0.row) } ?? .null,
            "tapeCount": .int(report.tapes.count),
            "pageSize": .int(pageSize),
        ])
    }
}
