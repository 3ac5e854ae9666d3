import TapedeckTape

/// What the report's header says about one tape: where it comes from and what it holds.
package struct ReportTape: Sendable, Equatable {
    /// The path as given on the command line.
    package var path: String
    package var created: String
    package var tool: String
    package var upstream: String?
    /// `key=value`, sorted by key.
    package var labels: [String]
    package var records: Int
    /// Text records between client and server (c2s and s2c).
    package var messages: Int
    /// The last record's tape time (ns).
    package var duration: UInt64
    /// `complete`, or how the tape was cut short.
    package var end: String

    package init(_ tape: ReproTape) {
        path = tape.path
        created = tape.metadata.created
        tool = tape.metadata.tool
        upstream = tape.metadata.upstreamURL
        labels = tape.metadata.labels.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { "\($0)=\(tape.metadata.labels[$0] ?? "")" }
        records = tape.records.count
        messages = tape.records.count(where: { $0.kind == .text && $0.direction != .note })
        duration = tape.records.last?.time ?? 0
        end = Self.describe(tape.end)
    }

    static func describe(_ end: TapeEnd) -> String { end.description }
}
