import TapedeckChecks
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay

/// The text and JSON forms of a `CoverageReport`.
enum CoverageReportText {
    static func text(_ report: CoverageReport, min: Double?) -> String {
        var out =
            "coverage of \(report.tapes.count) tape(s): \(CoverageReport.percentText(report.percent)) "
            + "(\(report.countedExercised) of \(report.countedTotal) rules and server message types)\n"
        let sections: [(CoverageReport.Item.Kind, String)] = [
            (.rule, "rules"), (.serverType, "server message types"), (.clientType, "client message types"),
            (.uiRule, "rules the app's UI fires (no tape can show them; not counted)"),
        ]
        for (kind, title) in sections {
            let tally = report.tally(kind)
            out += "\n\(title): \(tally.exercised) of \(tally.total)\n"
            for item in report.items(of: kind) {
                let first = item.firstTape.map { "  first \($0) record \(item.firstRecord ?? 0)" } ?? "  never"
                out += "  \(item.name.rightPadded(to: 44)) \(String(item.count).rightPadded(to: 7))\(first)\n"
            }
        }
        let missing = report.missing
        out += "\nnever exercised (\(missing.count)):" + (missing.isEmpty ? " none\n" : "\n")
        for item in missing { out += "  \(item.kind == .rule ? "rule" : "server type") \(item.name)\n" }
        if let min, report.percent < min { out += "\nbelow --min \(CoverageReport.percentText(min))\n" }
        return out
    }

    static func json(_ report: CoverageReport, min: Double?) -> String {
        let items: [JSONValue] = report.items.map { item in
            .object([
                "kind": .string(item.kind.rawValue), "name": .string(item.name), "count": .int(item.count),
                "counted": .bool(item.isCounted),
                "firstTape": item.firstTape.map(JSONValue.string) ?? .null,
                "firstRecord": item.firstRecord.map(JSONValue.int) ?? .null,
            ])
        }
        let value: JSONValue = .object([
            "tapes": .array(report.tapes.map(JSONValue.string)),
            "percent": .double(report.percent),
            "exercised": .int(report.countedExercised), "total": .int(report.countedTotal),
            "min": min.map(JSONValue.double) ?? .null,
            "items": .array(items),
            "missing": .array(report.missing.map { .string($0.name) }),
        ])
        return String(decoding: value.canonicalJSON(pretty: true), as: UTF8.self)
    }

}
