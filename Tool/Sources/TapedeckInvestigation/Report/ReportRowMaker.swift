import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

/// Turns replayed records into timeline rows.
enum ReportRowMaker {
    /// The filter type of a record (see `ReportRow.type`); cheap, since every record is counted.
    static func type(of record: TapeRecord, input: ReplayInput) -> String {
        if let type = input.messageType { return type }
        if case .undecodable = input {
            if let bytes = EnvelopeTypeScanner.type(in: record.payload) { return String(decoding: bytes, as: UTF8.self) }
            return "text"
        }
        return record.kind.name
    }

    static func row(_ record: TapeRecord, input: ReplayInput, index: Int, tape: Int, number: Int, detailLines: Int) -> ReportRow {
        let parsed = record.kind == .text ? try? JSONValue.parse(record.payload) : nil
        return ReportRow(
            index: index, tape: tape, record: number, tapeTime: record.time, connection: record.connection,
            direction: record.direction.name,
            type: type(of: record, input: input), summary: summary(record, input: input, parsed: parsed),
            detail: detail(record, parsed: parsed, lines: detailLines), undecodable: Self.isUndecodable(input))
    }

    static func isUndecodable(_ input: ReplayInput) -> Bool {
        if case .undecodable = input { return true }
        return false
    }

    static let summaryLimit = 140

    static func summary(_ record: TapeRecord, input: ReplayInput, parsed: JSONValue?) -> String {
        switch input {
        case .undecodable(_, let error):
            return "does not decode: " + (error.pathDescription.isEmpty ? "envelope: " : "") + error.description
        case .connection(.opened):
            return "connection opened"
        case .connection(.closed(let code, let reason)):
            return "code \(code)" + (reason.isEmpty ? "" : " \"\(cut(reason))\"")
        case .connection(.failed(let reason)):
            return cut(reason)
        case .marker(let name):
            return cut(name)
        case .passive(let kind) where kind != .text:
            return "\(record.payload.count) bytes"
        default:
            if case .object(let fields)? = parsed, let message = fields["message"] {
                return cut(message.canonicalJSONString(pretty: false))
            }
            return MessageText.excerpt(record.payload, limit: summaryLimit)
        }
    }

    static func detail(_ record: TapeRecord, parsed: JSONValue?, lines limit: Int) -> String? {
        guard record.kind == .text || record.kind == .binary || record.kind == .error || record.kind == .close else { return nil }
        guard !record.payload.isEmpty else { return nil }
        guard let parsed else { return MessageText.excerpt(record.payload, limit: 4000) }
        var lines = parsed.canonicalJSONString(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.count > limit else { return lines.joined(separator: "\n") }
        return lines.prefix(limit).joined(separator: "\n")
            + "\n… (\(lines.count - limit) more lines: `tapedeck cat` shows the whole message)"
    }

    static func cut(_ text: String) -> String {
        let flat = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
        guard flat.count > summaryLimit else { return flat }
        return String(flat.prefix(summaryLimit)) + "…"
    }
}
