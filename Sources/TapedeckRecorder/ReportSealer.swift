import Foundation
import TapedeckCore
import TapedeckTape

/// Seals reports on the writer thread: joins segments into one tape with the report's labels in
/// `reports/`, keeping the waiting reports within the collector's disk bound.
///
/// Room is made before the join from the segments' size (a joined tape is no larger than its
/// segments but for a few header bytes), so the drops it takes go out in this report's
/// `report.droppedReports`; if the tape still does not fit, the drops taken then go out in the next.
struct ReportSealer {
    let pending: PendingReports
    /// The window, in nanoseconds.
    let window: UInt64
    let limit: UInt64
    /// `app.version`, `app.build`, `os`, `device` for this run's reports.
    let origin: [String: String]

    /// A note longer than this many characters is cut there: it travels in the tape's header.
    static let maximumNoteLength = 10_000

    init(pending: PendingReports, collector: ReportCollector) {
        self.pending = pending
        window = FlightRecorderConfiguration.nanoseconds(collector.window)
        limit = UInt64(collector.maximumPendingBytes)
        origin = ReportOrigin.labels(for: collector)
    }

    /// What to seal: segments (oldest first) and their records from `cutoff` on, under `metadata`.
    struct Source {
        var segments: [String]
        var bytes: UInt64
        var cutoff: UInt64
        var metadata: TapeMetadata
        /// The app, OS and device labels of the run the records come from.
        var origin: [String: String]
        /// A crashed run's segments: read up to where the kill cut them off.
        var endsAtDamage: Bool
    }

    func seal(_ kind: FlightRecorderReport.Kind, note: String, from source: Source) throws(FlightRecorderError)
        -> FlightRecorderReport
    {
        let id = UUID().uuidString.lowercased()
        pending.makeRoom(for: source.bytes, limit: limit)
        let drops = pending.dropsToReport
        var metadata = source.metadata
        metadata.labels.merge(source.origin) { _, origin in origin }
        metadata.labels["report.id"] = id
        metadata.labels["report.kind"] = kind.rawValue
        metadata.labels["report.note"] = String(note.prefix(Self.maximumNoteLength))
        metadata.labels["report.sealed"] = WallClock.nowRFC3339()
        if drops > 0 { metadata.labels["report.droppedReports"] = String(drops) }
        let slot = pending.reserve(id: id)
        let tape = try SegmentJoiner.join(
            source.segments, from: source.cutoff, metadata: metadata, to: slot.staged, endsAtDamage: source.endsAtDamage)
        guard tape.bytes <= limit else {
            _ = unlink(slot.staged)
            throw FlightRecorderError(
                "the report's tape (\(tape.bytes) bytes) is larger than collector.maximumPendingBytes (\(limit)): "
                    + "raise maximumPendingBytes or shorten collector.window")
        }
        pending.makeRoom(for: tape.bytes, limit: limit)
        try pending.admit(slot, reportingDrops: drops)
        return FlightRecorderReport(
            id: id, kind: kind, path: slot.final, recordCount: tape.recordCount, bytes: tape.bytes, droppedReports: drops)
    }

    /// The crashed run's segments to seal: those numbered after the marker's `after` whose header
    /// is that run's, the last `window` before its last record. Nil when none holds a record.
    func crashSource(marker: RunMarker, candidates: [String]) -> Source? {
        var segments: [String] = []
        var bytes: UInt64 = 0
        var metadata: TapeMetadata?
        for path in candidates {
            guard let reader = try? TapeReader(path: path), reader.header.metadata.created == marker.created else { continue }
            metadata = metadata ?? reader.header.metadata
            segments.append(path)
            bytes += reader.compressedBytes
        }
        guard let metadata, let last = SegmentJoiner.lastTime(of: segments) else { return nil }
        let cutoff = last >= window ? last - window : 0
        return Source(
            segments: segments, bytes: bytes, cutoff: cutoff, metadata: metadata, origin: marker.labels, endsAtDamage: true)
    }
}
