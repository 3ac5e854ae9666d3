import Crypto
import Foundation
import TapedeckCore
import TapedeckTape

/// Builds a `tape` row by reading a tape file: its SHA-256, header metadata and statistics.
package enum TapeScanner {
    /// `catalogPath` is the tape's path as the catalog stores it (relative to the catalog's folder).
    package static func row(forTapeAt path: String, catalogPath: String) throws(TapeError) -> TapeRow {
        try scan(tapeAt: path, catalogPath: catalogPath).tape
    }

    /// The tape's row and its message-type counts (for the `tapeType` table), from one read.
    package static func scan(tapeAt path: String, catalogPath: String) throws(TapeError) -> (tape: TapeRow, types: [TapeTypeRow])
    {
        let reader = try TapeReader(path: path)
        let statistics = TapeStatistics.gather(from: reader)
        let metadata = statistics.header.metadata
        let duration = Int64(clamping: statistics.duration)
        let endedAt = RFC3339.milliseconds(metadata.created).map { RFC3339.string(milliseconds: $0 + duration / 1_000_000) }
        let types = statistics.typeCounts
            .map { TapeTypeRow(tapePath: catalogPath, direction: $0.key.direction.name, type: $0.key.type, count: $0.value) }
            .sorted { ($0.direction, $0.type) < ($1.direction, $1.type) }
        let tape = TapeRow(
            path: catalogPath, sha256: try sha256(ofFileAt: path), startedAt: metadata.created, endedAt: endedAt,
            upstream: metadata.upstreamURL, clientAddress: metadata.clientAddress, labels: labelsJSON(metadata.labels),
            recordCount: statistics.recordCount, messageCount: statistics.count(.text),
            compressedBytes: Int64(clamping: statistics.compressedBytes),
            uncompressedBytes: Int64(clamping: statistics.uncompressedBytes), durationNanoseconds: duration,
            appVersion: metadata.labels["appVersion"], tool: metadata.tool, complete: statistics.end == .complete)
        return (tape, types)
    }

    static func sha256(ofFileAt path: String) throws(TapeError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "cannot open for reading")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw .readFailed(path: path, offset: 0, reason: "\(error)")
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(data: chunk)
        }
        return Hex.lowercase(hasher.finalize())
    }

    /// `{"device":"iPhone","scenario":"x"}` with keys sorted by their UTF-8 bytes, escaped as the
    /// tape's own JSON is (`JSONWriter`).
    static func labelsJSON(_ labels: [String: String]) -> String {
        var json = JSONWriter()
        json.beginObject()
        for key in labels.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            json.member(key, labels[key] ?? "")
        }
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
