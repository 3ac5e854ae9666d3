import TapedeckCore
import TapedeckTape

/// Renders `TapeStatistics` as text for people or as JSON for scripts.
enum InfoReport {
    /// "12.345" seconds from nanoseconds, without floating point or locale. Any `UInt64` works:
    /// the whole seconds and the fraction are rounded apart, so nothing can overflow.
    static func seconds(_ nanoseconds: UInt64, decimals: Int = 3) -> String {
        let decimals = min(max(decimals, 0), 9)
        var scale: UInt64 = 1_000_000_000
        for _ in 0..<decimals { scale /= 10 }
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        // At most 18,446,744,073 whole seconds, so `whole + 1` is safe; `rest + scale / 2` < 2e9.
        var whole = nanoseconds / 1_000_000_000
        var rounded = (nanoseconds % 1_000_000_000 + scale / 2) / scale
        if rounded == divisor {
            whole += 1
            rounded = 0
        }
        guard decimals > 0 else { return "\(whole)" }
        let fraction = String(rounded)
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// Uncompressed / compressed with two decimals, "-" when there is nothing compressed.
    static func ratio(_ statistics: TapeStatistics) -> String {
        guard statistics.compressedBytes > 0 else { return "-" }
        let hundredths = (statistics.uncompressedBytes * 100 + statistics.compressedBytes / 2) / statistics.compressedBytes
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    static func state(_ end: TapeEnd) -> String { end.description }

    private static func sortedTypes(_ statistics: TapeStatistics, _ direction: TapeRecord.Direction) -> [(String, Int)] {
        statistics.typeCounts.filter { $0.key.direction == direction }
            .map { ($0.key.type, $0.value) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }

    static func text(_ statistics: TapeStatistics, path: String) -> String {
        let metadata = statistics.header.metadata
        var lines: [String] = []
        func add(_ label: String, _ value: String) {
            lines.append(label + String(repeating: " ", count: max(1, 12 - label.count)) + value)
        }
        add("tape", path)
        add("format", "\(statistics.header.versionString), written by \(metadata.tool) at \(metadata.created)")
        if let upstream = metadata.upstreamURL { add("upstream", upstream) }
        if !metadata.labels.isEmpty {
            add("labels", metadata.labels.keys.sorted().map { "\($0)=\(metadata.labels[$0] ?? "")" }.joined(separator: ", "))
        }
        add("duration", seconds(statistics.duration) + " s")
        let directions = TapeRecord.Direction.allCases.map { "\($0.name) \(statistics.count($0))" }.joined(separator: ", ")
        var records = "\(statistics.recordCount) (\(directions))"
        if statistics.connections.count > 1 { records += " on \(statistics.connections.count) connections" }
        if statistics.skippedRecordCount > 0 { records += ", \(statistics.skippedRecordCount) of unknown kinds skipped" }
        add("records", records)
        add(
            "kinds",
            TapeRecord.Kind.allCases.filter { statistics.count($0) > 0 }
                .map { "\($0.name) \(statistics.count($0))" }.joined(separator: ", "))
        var firstTypeLine = true
        for direction in TapeRecord.Direction.allCases {
            let types = sortedTypes(statistics, direction)
            guard !types.isEmpty else { continue }
            add(firstTypeLine ? "types" : "", "\(direction.name): " + types.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
            firstTypeLine = false
        }
        add(
            "bytes",
            "\(statistics.compressedBytes) compressed, \(statistics.uncompressedBytes) uncompressed (ratio \(ratio(statistics)))")
        add("state", state(statistics.end))
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ statistics: TapeStatistics, path: String) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.member("path", path)
        json.member("format", statistics.header.versionString)
        json.key(name: "metadata")
        TapeMetadataJSON.write(statistics.header.metadata, to: &json)
        json.member("durationNs", statistics.duration)
        json.member("records", statistics.recordCount)
        json.member("skippedRecords", statistics.skippedRecordCount)
        json.member("connections", statistics.connections.count)
        json.key(name: "directions")
        json.beginObject()
        for direction in TapeRecord.Direction.allCases {
            json.member(direction.name, statistics.count(direction))
        }
        json.endObject()
        json.key(name: "kinds")
        json.beginObject()
        for kind in TapeRecord.Kind.allCases {
            json.member(kind.name, statistics.count(kind))
        }
        json.endObject()
        json.key(name: "types")
        json.beginObject()
        for direction in TapeRecord.Direction.allCases {
            json.key(name: direction.name)
            json.beginObject()
            for (type, count) in sortedTypes(statistics, direction) {
                json.member(type, count)
            }
            json.endObject()
        }
        json.endObject()
        json.member("compressedBytes", statistics.compressedBytes)
        json.member("uncompressedBytes", statistics.uncompressedBytes)
        json.member("ratio", ratio(statistics))
        json.key(name: "state")
        json.beginObject()
        switch statistics.end {
        case .complete:
            json.member("status", "complete")
        case .truncated(let records, let offset):
            json.member("status", "truncated")
            json.member("afterRecords", records)
            json.member("atByte", offset)
        case .damaged(let records, let offset, let reason):
            json.member("status", "damaged")
            json.member("afterRecords", records)
            json.member("atByte", offset)
            json.member("reason", reason)
        }
        json.endObject()
        json.endObject()
        return json.bytes + [0x0A]
    }
}
