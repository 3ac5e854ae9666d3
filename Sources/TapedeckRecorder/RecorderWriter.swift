import TapedeckRedaction
import TapedeckTape

/// The recorder's writer side: redacts records, appends them to the current segment, flushes,
/// rolls segments over and keeps them within bounds, and writes exports. Owned by one thread
/// (`FlightRecorder`'s writer thread, or a benchmark); nothing here is shared.
public final class RecorderWriter {
    /// A flush is due once the oldest unflushed record is this old, or this many bytes wait.
    let flushAge: UInt64
    static let flushThreshold = 64 * 1024
    /// The writer flushes only when told: this type decides when, and rolls segments over after.
    static let segmentOptions = TapeWriterOptions(flushInterval: .max, flushThreshold: .max, createsNewFile: true)
    /// How many taken names in a row the writer numbers past before it reports the folder.
    static let takenNamesTried = 1_000

    private let configuration: FlightRecorderConfiguration
    private let redactor: Redactor
    private let metadata: TapeMetadata
    private var segments: SegmentSet
    private var current: TapeWriter?
    private var currentPath: String?
    /// Tape time of the oldest record not yet flushed.
    private var pendingSince: UInt64?
    private var lastTime: UInt64 = 0
    private var reportedDrops = 0
    /// The first write failure: later records are not written (the app keeps running).
    private(set) var failure: FlightRecorderError?
    /// Seals reports, when the configuration has a collector.
    private let sealer: ReportSealer?
    /// The previous run's marker and its segments, when it ended without `stop()`: sealed into a
    /// crash report before this run writes (`sealCrashReport`).
    private var crashedRun: (marker: RunMarker, segments: [String])?

    /// `created` is the RFC 3339 wall time the run's tape time 0 stands for; `key` the redaction key.
    ///
    /// - Parameters:
    ///   - configuration: Where and how to record.
    ///   - created: The RFC 3339 wall time the run's tape time 0 stands for, in every segment's header.
    ///   - key: The key of the redaction's keyed hashes (`Redactor`): the same value hashes alike
    ///     within a run.
    /// - Throws: `FlightRecorderError` naming the first setting of `configuration` that cannot
    ///   work, or a folder that cannot be created or read.
    public init(configuration: FlightRecorderConfiguration, created: String, key: [UInt8]) throws(FlightRecorderError) {
        if let problem = configuration.problem() { throw FlightRecorderError("FlightRecorderConfiguration: " + problem) }
        self.configuration = configuration
        let redactor = Redactor(rules: configuration.redaction, key: key)
        self.redactor = redactor
        // Half the interval: a record waits at most half of it in the queue and half here.
        flushAge = FlightRecorderConfiguration.nanoseconds(configuration.flushInterval) / 2
        metadata = TapeMetadata(
            created: created, tool: configuration.tool,
            upstreamURL: configuration.serverURL.map { redactor.redactRequestTarget($0) },
            labels: configuration.labels)
        let segments = try SegmentSet(directory: configuration.directory)
        self.segments = segments
        guard let collector = configuration.collector else {
            sealer = nil
            RunMarker.remove(in: configuration.directory)
            return
        }
        let sealer = ReportSealer(pending: try PendingReports(directory: configuration.directory), collector: collector)
        self.sealer = sealer
        // The marker says which segments are the crashed run's; this run's are numbered after every one found.
        if let previous = RunMarker.read(in: configuration.directory) {
            crashedRun = (previous, segments.segments.filter { $0.number > previous.after }.map(\.path))
        }
        try RunMarker(after: segments.segments.last?.number ?? 0, created: created, labels: sealer.origin)
            .write(in: configuration.directory)
    }

    /// The reports waiting for the collector, when the configuration has one.
    var pendingReports: PendingReports? { sealer?.pending }

    /// Files in the folder named like segments but left alone (`SegmentSet.skippedFiles`).
    public var skippedFiles: Int { segments.skippedFiles }

    /// Redacts and appends records (times already in order; clamped so they never decrease).
    ///
    /// - Parameter records: The records, in the order recorded. After a write failure they are
    ///   dropped (`failure` keeps the first).
    public func append(_ records: [TapeRecord]) {
        guard failure == nil else { return }
        for record in records { append(single: redactor.redacting(record)) }
    }

    /// Notes queue drops: a marker record saying how many since the last note.
    func noteDrops(total: Int, at time: UInt64) {
        guard total > reportedDrops, failure == nil else { return }
        let name = "\(FlightRecorder.droppedMarkerPrefix)\(total - reportedDrops) records (recorder queue full)"
        reportedDrops = total
        append(single: TapeRecord(time: time, direction: .note, kind: .marker, payload: Array(name.utf8)))
    }

    private func append(single record: TapeRecord) {
        var record = record
        record.time = max(record.time, lastTime)
        lastTime = record.time
        do throws(FlightRecorderError) {
            let file = try currentFile()
            do { try file.append(record) } catch { throw FlightRecorderError(error) }
            if pendingSince == nil { pendingSince = record.time }
            if file.pendingBytes >= Self.flushThreshold { try flush() }
        } catch {
            failure = error
        }
    }

    /// Flushes when due at tape time `now`, then rolls the segment over and prunes when it is time.
    ///
    /// - Parameter now: The tape time now, in nanoseconds since the recorder started. A failure
    ///   is kept in `failure`, not thrown.
    public func flushIfDue(now: UInt64) {
        guard failure == nil, let since = pendingSince, now >= since, now - since >= flushAge else { return }
        do throws(FlightRecorderError) { try flush() } catch { failure = error }
    }

    /// Flushes everything waiting (the writer's last act before stopping, and a benchmark's).
    ///
    /// - Throws: `FlightRecorderError` when the segment cannot be written or closed.
    public func flush() throws(FlightRecorderError) {
        guard let file = current else { return }
        do { try file.flush() } catch { throw FlightRecorderError(error) }
        pendingSince = nil
        segments.updateLast(bytes: file.compressedBytes, lastTime: file.lastTime)
        let started = file.firstTime ?? lastTime
        if file.compressedBytes >= UInt64(configuration.segmentBytes)
            || lastTime - started >= FlightRecorderConfiguration.nanoseconds(configuration.segmentDuration)
        {
            try closeCurrent()
        }
        segments.prune(
            now: lastTime, keepDuration: FlightRecorderConfiguration.nanoseconds(configuration.keepDuration),
            keepBytes: UInt64(configuration.keepBytes), current: currentPath)
    }

    /// Ends the current segment's frame; the next record starts a new segment.
    ///
    /// - Throws: `FlightRecorderError` when the segment cannot be written or closed.
    public func closeCurrent() throws(FlightRecorderError) {
        guard let file = current else { return }
        current = nil
        currentPath = nil
        pendingSince = nil
        do { try file.close() } catch { throw FlightRecorderError(error) }
        segments.updateLast(bytes: file.compressedBytes, lastTime: file.lastTime)
    }

    private func currentFile() throws(FlightRecorderError) -> TapeWriter {
        if let current { return current }
        // A segment is only ever a new file (O_EXCL | O_NOFOLLOW): a link, FIFO or file planted
        // under the next name is left alone and numbered past (issue 41, finding 2).
        for _ in 0..<Self.takenNamesTried {
            let path = segments.startNext()
            do {
                let file = try TapeWriter(path: path, metadata: metadata, options: Self.segmentOptions)
                current = file
                currentPath = path
                return file
            } catch .pathTaken {
                segments.skipTaken()
            } catch {
                throw FlightRecorderError(error)
            }
        }
        throw FlightRecorderError("\(Self.takenNamesTried) segment names in a row were taken in \(configuration.directory)")
    }

    /// Closes the current segment and writes one tape of this run's records from `window`
    /// nanoseconds before `now` on, with the run's labels and `droppedRecords`.
    func export(_ request: ExportRequest, now: UInt64, droppedTotal: Int) -> Result<FlightRecorderExport, FlightRecorderError> {
        if let failure { return .failure(failure) }
        do throws(FlightRecorderError) {
            try closeCurrent()
            let cutoff = now >= request.window ? now - request.window : 0
            var exportMetadata = metadata
            exportMetadata.labels["droppedRecords"] = String(droppedTotal)
            let tape = try SegmentJoiner.join(
                segments.thisRun(since: cutoff).map(\.path), from: cutoff,
                metadata: exportMetadata, to: request.path)
            return .success(
                FlightRecorderExport(
                    path: request.path, recordCount: tape.recordCount,
                    droppedRecords: droppedTotal, bytes: tape.bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Seals this run's last `collector.window` into a report in `reports/`, with the run's labels,
    /// `droppedRecords` and the report's.
    func seal(_ request: ReportRequest, now: UInt64, droppedTotal: Int) -> Result<FlightRecorderReport, FlightRecorderError> {
        guard let sealer else {
            return .failure(
                FlightRecorderError("no collector is configured: set FlightRecorderConfiguration.collector to send reports"))
        }
        if let failure { return .failure(failure) }
        do throws(FlightRecorderError) {
            try closeCurrent()
            let cutoff = now >= sealer.window ? now - sealer.window : 0
            let chosen = segments.thisRun(since: cutoff)
            var runMetadata = metadata
            runMetadata.labels["droppedRecords"] = String(droppedTotal)
            let source = ReportSealer.Source(
                segments: chosen.map(\.path), cutoff: cutoff,
                metadata: runMetadata, origin: sealer.origin, endsAtDamage: false)
            return .success(try sealer.seal(.manual, note: request.note, from: source))
        } catch {
            return .failure(error)
        }
    }

    /// Seals the previous run's last `collector.window` into a crash report when that run ended
    /// without `stop()`; nil when it stopped cleanly or left no record. Once per run, before the
    /// first record: this run's pruning could delete those segments.
    func sealCrashReport() -> Result<FlightRecorderReport, FlightRecorderError>? {
        guard let sealer, let crashed = crashedRun else { return nil }
        crashedRun = nil
        guard let source = sealer.crashSource(marker: crashed.marker, candidates: crashed.segments) else { return nil }
        do throws(FlightRecorderError) {
            return .success(try sealer.seal(.crash, note: "", from: source))
        } catch {
            return .failure(error)
        }
    }
}
