import TapedeckCore
@_spi(TapedeckTool) import TapedeckProtocol

/// `tapedeck conform`'s output, as text or JSON.
enum ConformReportText {
    static func text(_ report: ConformanceReport, allowed: Set<Departure.Kind>, damaged: [String]) -> String {
        let total = report.messages.values.reduce(0, +)
        var out = "\(report.tapes) tape\(report.tapes == 1 ? "" : "s"), \(total) message\(total == 1 ? "" : "s")\n\n"
        let width = report.messages.keys.map(\.type.count).max() ?? 0
        for (key, count) in report.messages.sorted(by: { $0.key < $1.key }) {
            out += "  \(key.direction) \(key.type.padding(toLength: width, withPad: " ", startingAt: 0))  \(count)\n"
        }
        let findings = report.sortedFindings
        if findings.isEmpty {
            out += "\nevery message conforms to Protocol/baolife.schema.json\n"
        } else {
            out += "\n\(findings.count) departure\(findings.count == 1 ? "" : "s"):\n"
            for finding in findings {
                let note = allowed.contains(finding.kind) ? " (allowed)" : ""
                let first = finding.first
                out +=
                    "  \(finding.kind.title)\(note): \(finding.key.direction) \(finding.key.type) \(describe(finding)) × \(finding.count)\n"
                out += "    first: \(first.tape) record \(first.record), \(first.path) at byte \(first.offset)\n"
            }
        }
        for line in damaged { out += "\ndamaged: \(line)\n" }
        return out
    }

    private static func describe(_ finding: ConformanceReport.Finding) -> String {
        switch finding.kind {
        case .unknownType: "\"\(finding.first.detail)\""
        case .unknownEnumValue: "\(finding.pathPattern) \(finding.first.detail)"
        case .unknownField, .missingField: finding.pathPattern
        case .typeMismatch, .malformed: "\(finding.pathPattern): \(finding.first.detail)"
        case .nonIntegral: "\(finding.pathPattern) (\(finding.first.detail))"
        }
    }

    /// One JSON object (keys sorted, as every canonical JSON Tapedeck writes).
    static func json(_ report: ConformanceReport, allowed: Set<Departure.Kind>, damaged: [String]) -> [UInt8] {
        let messages: [JSONValue] = report.messages.sorted(by: { $0.key < $1.key }).map { key, count in
            .object(["direction": .string(key.direction), "type": .string(key.type), "count": .int(count)])
        }
        let departures: [JSONValue] = report.sortedFindings.map { finding in
            .object([
                "kind": .string(finding.kind.allowName),
                "allowed": .bool(allowed.contains(finding.kind)),
                "direction": .string(finding.key.direction),
                "type": .string(finding.key.type),
                "path": .string(finding.pathPattern),
                "count": .int(finding.count),
                "first": .object([
                    "tape": .string(finding.first.tape),
                    "record": .int(finding.first.record),
                    "path": .string(finding.first.path),
                    "offset": .int(finding.first.offset),
                    "found": .string(finding.first.detail),
                ]),
            ])
        }
        let root = JSONValue.object([
            "tapes": .int(report.tapes),
            "messages": .array(messages),
            "departures": .array(departures),
            "damaged": .array(damaged.map { .string($0) }),
            "conforms": .bool(report.failures(allowing: allowed).isEmpty && damaged.isEmpty),
        ])
        return root.canonicalJSON(pretty: true) + [UInt8(ascii: "\n")]
    }
}
