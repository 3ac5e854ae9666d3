import Foundation
import TapedeckCore
import TapedeckRedaction
import TapedeckTape

/// An in-app flight recorder: the app's WebSocket service tells it every message it sends and
/// receives, opens, closes and errors, and the app adds markers for its own events. It keeps
/// the last minutes as a rolling set of tape segments on disk and exports them as one tape for a
/// bug report, which every `tapedeck` command reads (docs/REPRO.md, "Bug reports from the app").
///
/// The calls never wait for disk: each stamps the record with the monotonic clock and appends it
/// to a bounded queue; a full queue drops the record and counts it, and the tape says how many
/// (a marker where it happened, the export's `droppedRecords` label). A writer thread redacts
/// (the proxy's `Redactor`, with this configuration's rules), compresses (LZ4 in Swift) and writes,
/// flushing within `flushInterval`, so a crash or a kill loses at most that much.
///
/// Thread-safe: call it from any thread.
public final class FlightRecorder: Sendable {
    /// Names of the markers that count dropped records start with this.
    public static let droppedMarkerPrefix = "tapedeck.dropped "

    private let queue: RecordQueue
    private let clock: MonotonicClock
    /// Sends sealed reports; nil without a collector.
    private let uploader: ReportUploader?
    private let pending: PendingReports?
    private let directory: String
    /// Files in the folder named like segments that the recorder left alone at its start: not a
    /// regular file, or numbered past 999,999,999. Never numbered after, never deleted.
    public let skippedFiles: Int

    /// Creates the folder if needed and starts the writer thread. The tapes' headers carry the wall
    /// time of this call as their `created`; the redaction key is drawn at random, once per run.
    /// With a `collector`, it also starts the uploader (which sends what earlier runs left in
    /// `reports/`), writes the crash marker, and, when the previous run ended without `stop()`,
    /// seals that run's last minutes into a crash report before this run records.
    ///
    /// - Parameter configuration: Where and how to record.
    /// - Throws: `FlightRecorderError` naming the first setting of `configuration` that cannot work
    ///   (an empty directory, a flush interval that is not positive or longer than an hour, a
    ///   queue capacity outside 2...16 Mi, `keepBytes` below `segmentBytes`, a collector setting
    ///   out of its range), or a folder that cannot be created or read.
    public convenience init(configuration: FlightRecorderConfiguration) throws(FlightRecorderError) {
        try self.init(configuration: configuration, pacing: .realTime)
    }

    /// A recorder whose uploader waits out its backoff delays as `pacing` says (tests).
    package convenience init(configuration: FlightRecorderConfiguration, pacing: BackoffPacing) throws(FlightRecorderError) {
        var random = SystemRandomNumberGenerator()
        try self.init(
            configuration: configuration, created: WallClock.nowRFC3339(), key: Redactor.key(using: &random), pacing: pacing)
    }

    package init(
        configuration: FlightRecorderConfiguration, created: String, key: [UInt8], pacing: BackoffPacing = .realTime
    ) throws(FlightRecorderError) {
        let clock = MonotonicClock()
        let writer = try RecorderWriter(configuration: configuration, created: created, key: key)
        self.clock = clock
        directory = configuration.directory
        skippedFiles = writer.skippedFiles
        queue = RecordQueue(capacity: configuration.queueCapacity, clock: clock)
        pending = writer.pendingReports
        if let pending, let collector = configuration.collector, let endpoint = collector.endpoint {
            uploader = ReportUploader(
                pending: pending, endpoint: endpoint, token: collector.token, backoff: RetryBackoff(collector), pacing: pacing)
        } else {
            uploader = nil
        }
        uploader?.start()
        let loop = WriterLoop(writer: writer, queue: queue, clock: clock, uploader: uploader)
        let thread = Thread { loop.run() }
        thread.name = "TapedeckRecorder writer"
        thread.qualityOfService = .utility
        thread.start()
    }

    deinit {
        // Not a clean stop: the crash marker stays, as it would after a crash.
        _ = queue.submit(.stop(Reply()))
        uploader?.stop(waits: false)
    }

    // MARK: The WebSocket service's calls

    /// The connection opened (each open starts the next connection id, from 0).
    public func opened() { queue.push(direction: .c2s, kind: .open, payload: [], opensConnection: true) }

    /// A text message the app sent.
    ///
    /// - Parameter text: The message as sent; it is recorded as UTF-8, redacted on the writer thread.
    public func sent(text: String) { queue.push(direction: .c2s, kind: .text, payload: Array(text.utf8)) }
    /// A text message the app received.
    ///
    /// - Parameter text: The message as received; it is recorded as UTF-8, redacted on the writer thread.
    public func received(text: String) { queue.push(direction: .s2c, kind: .text, payload: Array(text.utf8)) }
    /// A message the app sent, as bytes.
    ///
    /// - Parameters:
    ///   - bytes: A text message's UTF-8, or a binary message's bytes.
    ///   - binary: Whether it was a binary message; false (text) by default.
    public func sent(_ bytes: [UInt8], binary: Bool = false) {
        queue.push(direction: .c2s, kind: binary ? .binary : .text, payload: bytes)
    }
    /// A message the app received, as bytes.
    ///
    /// - Parameters:
    ///   - bytes: A text message's UTF-8, or a binary message's bytes.
    ///   - binary: Whether it was a binary message; false (text) by default.
    public func received(_ bytes: [UInt8], binary: Bool = false) {
        queue.push(direction: .s2c, kind: binary ? .binary : .text, payload: bytes)
    }

    /// The connection closed; `byServer` when the server's close frame ended it.
    ///
    /// - Parameters:
    ///   - code: The close frame's status code (1000 for a normal closure); nil when it had none.
    ///   - reason: The close frame's reason text; empty by default.
    ///   - byServer: Whether the server's close frame ended it (else the app closed); false by default.
    public func closed(code: UInt16?, reason: String = "", byServer: Bool = false) {
        queue.push(direction: byServer ? .s2c : .c2s, kind: .close, closeCode: code, payload: Array(reason.utf8))
    }

    /// A transport error (the description the app logs).
    ///
    /// - Parameter description: The error's text, as the app logs it; recorded as an error record.
    public func failed(_ description: String) {
        queue.push(direction: .note, kind: .error, payload: Array(description.utf8))
    }

    /// One of the app's own events ("screen Shop shown", "tapped Claim"): a marker record, which
    /// `tapedeck cat`, `report` and checkpoint files (`marker "…"`) show and find.
    ///
    /// - Parameter name: The marker's name: what checkpoint files match with `marker "NAME"`.
    public func mark(_ name: String) { queue.push(direction: .note, kind: .marker, payload: Array(name.utf8)) }

    // MARK: Bug reports

    /// Records dropped so far because the queue was full.
    public var droppedCount: Int { queue.droppedCount }

    /// Seals the last `collector.window` into a report for the collector and returns at once:
    /// the writer thread writes the tape into `reports/` (with the `report.*`, app, OS and device
    /// labels; redacted as every segment is) and the uploader sends it. Safe on the main thread: it
    /// never waits for the disk or the network. Recording goes on into a new segment.
    ///
    /// Without a collector, or after `stop()`, nothing is sealed and `completion` gets the error.
    ///
    /// - Parameters:
    ///   - note: What the tester says happened (the `report.note` label); cut at 10,000 characters.
    ///   - completion: Called once with the sealed report (its id, file, records, the dropped
    ///     reports its label counts) or why none was sealed; nil, the default, when the app does
    ///     not need to know. It runs on the recorder's writer thread: keep it short, and hop to
    ///     another queue before calling `export` or `stop`, which wait for that thread.
    public func report(
        note: String = "", completion: (@Sendable (Result<FlightRecorderReport, FlightRecorderError>) -> Void)? = nil
    ) {
        guard uploader != nil else {
            completion?(
                .failure(
                    FlightRecorderError("no collector is configured: set FlightRecorderConfiguration.collector to send reports")))
            return
        }
        guard queue.submit(.report(ReportRequest(note: note, completion: completion))) else {
            completion?(.failure(FlightRecorderError("the recorder is stopped: report before stop()")))
            return
        }
    }

    /// The reports waiting in `reports/`, and what this run delivered, had refused, dropped for
    /// disk space and failed to send; all zero without a collector. Read from memory (the folder
    /// as of its last change), never from the disk: fine on the main thread.
    public var reportStatus: FlightRecorderReportStatus {
        guard let pending, let uploader else { return FlightRecorderReportStatus() }
        let waiting = pending.counts()
        let sent = uploader.counts()
        return FlightRecorderReportStatus(
            pending: waiting.pending, pendingBytes: waiting.bytes, delivered: sent.delivered, rejected: sent.rejected,
            droppedReports: waiting.droppedThisRun, failedAttempts: sent.failedAttempts, lastFailure: sent.lastFailure)
    }

    /// Closes the current segment and writes one tape of the last `window` of this run to `path`
    /// (replaced when complete), ready to attach to a bug report. Waits for the writer: call it
    /// off the main thread. Recording goes on into a new segment.
    ///
    /// - Parameters:
    ///   - window: How far back to go from now: records older than that are left out (the
    ///     segments keep at most `keepDuration` anyway).
    ///   - path: Where to write the tape; an existing file is replaced only once the tape is
    ///     complete.
    /// - Returns: The tape's path, its record count, the records dropped so far and its size.
    /// - Throws: `FlightRecorderError` after `stop()`, after an earlier write failure (the first
    ///   one), or when the tape cannot be written to `path`.
    @discardableResult
    public func export(last window: Duration, to path: String) throws(FlightRecorderError) -> FlightRecorderExport {
        let reply = Reply<Result<FlightRecorderExport, FlightRecorderError>>()
        guard queue.submit(.export(ExportRequest(path: path, window: FlightRecorderConfiguration.nanoseconds(window)), reply))
        else {
            throw FlightRecorderError("the recorder is stopped: export before stop()")
        }
        return try reply.wait().get()
    }

    /// Writes what is waiting, ends the current segment and stops the writer. Later calls record
    /// nothing (they count as dropped), `export` throws and `stop` returns. Throws the first write
    /// failure the writer met, if any.
    ///
    /// With a collector, reports asked for before the call are sealed first; the upload in
    /// flight is cancelled (what is not delivered goes at the next launch) and the crash marker
    /// is deleted: the next launch seals no crash report. An app that wants no crash report after
    /// a normal exit calls this when it terminates.
    ///
    /// - Throws: `FlightRecorderError` with the first write failure of the run, if any; nothing on
    ///   a second call.
    public func stop() throws(FlightRecorderError) {
        try stop(clean: true)
    }

    /// Stops as `stop()` does but leaves the crash marker, as a crash would (tests).
    package func stopLeavingCrashMarker() throws(FlightRecorderError) {
        try stop(clean: false)
    }

    private func stop(clean: Bool) throws(FlightRecorderError) {
        let reply = Reply<Result<Void, FlightRecorderError>>()
        guard queue.submit(.stop(reply)) else { return }
        let result = reply.wait()
        uploader?.stop(waits: true)
        if clean, uploader != nil { RunMarker.remove(in: directory) }
        try result.get()
    }

    /// Holds the writer (it takes no records; the queue fills and drops): the stalled-writer test.
    package func suspendWriter(_ suspended: Bool) { queue.setSuspended(suspended) }

    /// Holds the writer entirely (it takes no records and answers no request) until released.
    package func holdWriter(_ held: Bool) { queue.setHeld(held) }

}

extension FlightRecorder {
    /// The tape time now (ns since the recorder started): what the next record would be stamped with.
    public var tapeTime: UInt64 { clock.elapsedNanoseconds() }
}
