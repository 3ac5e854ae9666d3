import Foundation
import TapedeckCore
import TapedeckTape

/// Seals reports on the writer thread: joins segments into one tape with the report's labels in
/// `reports/`, keeping the waiting reports within the collector's disk bound.
///
/// The tape is sealed under a staging name first, so room is made for its real size; when that
/// drops older reports it is sealed once more, so its `report.droppedReports` counts them.
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
        var metadata = source.metadata
        metadata.labels.merge(source.origin) { _, origin in origin }
        metadata.labels["report.id"] = id
        metadata.labels["report.kind"] = kind.rawValue
        metadata.labels["report.note"] = String(note.prefix(Self.maximumNoteLength))
        metadata.labels["report.sealed"] = WallClock.nowRFC3339()
        let slot = pending.reserve(id: id)
        func join(reportingDrops drops: Int) throws(FlightRecorderError) -> SegmentJoiner.Joined {
            metadata.labels["report.droppedReports"] = drops > 0 ? String(drops) : nil
            let tape = try SegmentJoiner.join(
                source.segments, from: source.cutoff, metadata: metadata, to: slot.staged, endsAtDamage: source.endsAtDamage)
            guard tape.bytes <= limit else {
                _ = unlink(slot.staged)
                throw FlightRecorderError(
                    "the report's tape (\(tape.bytes) bytes) is larger than collector.maximumPendingBytes (\(limit)): "
                        + "raise maximumPendingBytes or shorten collector.window")
            }
            return tape
        }
        var drops = pending.dropsToReport
        var tape: SegmentJoiner.Joined
        do throws(FlightRecorderError) {
            tape = try join(reportingDrops: drops)
            if pending.makeRoom(for: tape.bytes, limit: limit) > 0 {
                drops = pending.dropsToReport
                tape = try join(reportingDrops: drops)
                // A longer count is a few bytes more: drops that makes are the next report's to count.
                pending.makeRoom(for: tape.bytes, limit: limit)
            }
            try pending.admit(slot, reportingDrops: drops)
        } catch {
            // The first seal's staged tape, when sealing it again failed.
            _ = unlink(slot.staged)
            throw error
        }
        return FlightRecorderReport(
            id: id, kind: kind, path: slot.final, recordCount: tape.recordCount, bytes: tape.bytes, droppedReports: drops)
    }

    /// The crashed run's segments to seal: those numbered after the marker's `after` whose header
    /// is that run's, the last `window` before its last record. Nil when none holds a record.
    func crashSource(marker: RunMarker, candidates: [String]) -> Source? {
        var segments: [String] = []
        var metadata: TapeMetadata?
        for path in candidates {
            guard let reader = try? TapeReader(path: path), reader.header.metadata.created == marker.created else { continue }
            metadata = metadata ?? reader.header.metadata
            segments.append(path)
        }
        guard let metadata, let last = SegmentJoiner.lastTime(of: segments) else { return nil }
        let cutoff = last >= window ? last - window : 0
        return Source(
            segments: segments, cutoff: cutoff, metadata: metadata, origin: marker.labels, endsAtDamage: true)
    }
}
