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
    /// Files in the folder named like segments that the recorder left alone at its start: not a
    /// regular file, or numbered past 999,999,999. Never numbered after, never deleted.
    public let skippedFiles: Int

    /// Creates the folder if needed and starts the writer thread. The tapes' headers carry the wall
    /// time of this call as their `created`; the redaction key is drawn at random, once per run.
    ///
    /// - Parameter configuration: Where and how to record.
    /// - Throws: `FlightRecorderError` naming the first setting of `configuration` that cannot work
    ///   (an empty directory, a flush interval that is not positive or longer than an hour, a
    ///   queue capacity outside 2...16 Mi, `keepBytes` below `segmentBytes`), or a folder that
    ///   cannot be created or read.
    public convenience init(configuration: FlightRecorderConfiguration) throws(FlightRecorderError) {
        var random = SystemRandomNumberGenerator()
        try self.init(configuration: configuration, created: WallClock.nowRFC3339(), key: Redactor.key(using: &random))
    }

    package init(configuration: FlightRecorderConfiguration, created: String, key: [UInt8]) throws(FlightRecorderError) {
        let clock = MonotonicClock()
        let writer = try RecorderWriter(configuration: configuration, created: created, key: key)
        self.clock = clock
        skippedFiles = writer.skippedFiles
        queue = RecordQueue(capacity: configuration.queueCapacity, clock: clock)
        let loop = WriterLoop(writer: writer, queue: queue, clock: clock)
        let thread = Thread { loop.run() }
        thread.name = "TapedeckRecorder writer"
        thread.qualityOfService = .utility
        thread.start()
    }

    deinit {
        _ = queue.submit(.stop(Reply()))
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
    /// - Throws: `FlightRecorderError` with the first write failure of the run, if any; nothing on
    ///   a second call.
    public func stop() throws(FlightRecorderError) {
        let reply = Reply<Result<Void, FlightRecorderError>>()
        guard queue.submit(.stop(reply)) else { return }
        try reply.wait().get()
    }

    /// Holds the writer (it takes no records; the queue fills and drops): the stalled-writer test.
    package func suspendWriter(_ suspended: Bool) { queue.setSuspended(suspended) }

}

extension FlightRecorder {
    /// The tape time now (ns since the recorder started): what the next record would be stamped with.
    public var tapeTime: UInt64 { clock.elapsedNanoseconds() }
}
