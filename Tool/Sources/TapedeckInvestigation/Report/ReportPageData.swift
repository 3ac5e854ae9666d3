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
            .bool(row.undecodable),
        ])
    }

    static func json(_ report: SessionReport) -> JSONValue {
        let samples = report.samples
        return .object([
            "rows": .array(report.rows.map(row)),
            "samples": .object([
                "row": .array(samples.map { .int($0.row) }),
                "x": .array(samples.map { .int(Int($0.gameMinute)) }),
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
