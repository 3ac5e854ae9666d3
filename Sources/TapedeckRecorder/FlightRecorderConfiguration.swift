import TapedeckRedaction

/// How a `FlightRecorder` records: where, what it says about the app, what it redacts, how long
/// it keeps, how often it makes records durable.
public struct FlightRecorderConfiguration: Sendable {
    /// The folder of the rolling segments (created if missing), e.g. the app's Caches/flight-recorder.
    public var directory: String
    /// Labels for the tapes' headers, e.g. `["app": "1.4.2 (311)", "device": "iPhone15,2 iOS 17.5"]`.
    public var labels: [String: String]
    /// The server the app talks to, for the header's `upstream` (query parameters redacted).
    public var serverURL: String?
    /// Applied in the app's process before a record is written: the JSON keys and pointers to text
    /// messages, the query parameters to `serverURL`. The proxy's defaults unless changed.
    public var redaction: RedactionRules
    /// A record is in the file at most this long after it was recorded (a kill loses at most this).
    public var flushInterval: Duration
    /// Records waiting for the writer; when full, further records are dropped and counted.
    public var queueCapacity: Int
    /// A segment is closed and the next one started after this long, or after `segmentBytes`.
    public var segmentDuration: Duration
    /// A segment is closed and the next one started once its compressed size reaches this many bytes.
    public var segmentBytes: Int
    /// Segments whose newest record is older than this are deleted...
    public var keepDuration: Duration
    /// ...and the oldest segments while all of them together are larger than this.
    public var keepBytes: Int
    /// The header's `tool`.
    public var tool: String
    /// Where bug reports go (`FlightRecorder.report(note:)`, and crash reports at the launch after
    /// a run that ended without `stop()`); nil, the default, seals and sends nothing.
    public var collector: ReportCollector?

    /// A configuration with the defaults for everything but `directory`: flushes within 100 ms,
    /// 8,192 queued records, 60 s or 1 MiB segments, 10 minutes or 16 MiB kept.
    ///
    /// - Parameters:
    ///   - directory: The folder of the rolling segments (created if missing); must not be empty.
    ///   - labels: Labels for the tapes' headers; none by default.
    ///   - serverURL: The server the app talks to, for the header's `upstream`; nil by default.
    ///   - redaction: What is redacted in the app's process; the proxy's defaults by default.
    ///   - flushInterval: The longest a record waits before it is in the file; positive, at most
    ///     an hour.
    ///   - queueCapacity: Records waiting for the writer before further ones are dropped; 2 to
    ///     16,777,216.
    ///   - segmentDuration: How long a segment spans before the next starts; positive.
    ///   - segmentBytes: The compressed size at which a segment is closed; positive.
    ///   - keepDuration: Segments whose newest record is older than this are deleted.
    ///   - keepBytes: The most all segments together may take; at least `segmentBytes`.
    ///   - tool: The header's `tool`.
    ///   - collector: Where bug reports go; nil (none) by default.
    public init(
        directory: String, labels: [String: String] = [:], serverURL: String? = nil,
        redaction: RedactionRules = .defaults, flushInterval: Duration = .milliseconds(100),
        queueCapacity: Int = 8192, segmentDuration: Duration = .seconds(60), segmentBytes: Int = 1 << 20,
        keepDuration: Duration = .seconds(600), keepBytes: Int = 16 << 20, tool: String = "TapedeckRecorder 0.1.0",
        collector: ReportCollector? = nil
    ) {
        self.directory = directory
        self.labels = labels
        self.serverURL = serverURL
        self.redaction = redaction
        self.flushInterval = flushInterval
        self.queueCapacity = queueCapacity
        self.segmentDuration = segmentDuration
        self.segmentBytes = segmentBytes
        self.keepDuration = keepDuration
        self.keepBytes = keepBytes
        self.tool = tool
        self.collector = collector
    }

    /// The first setting that cannot work, as a sentence saying what to change.
    func problem() -> String? {
        if directory.isEmpty { return "directory is empty: give the folder for the recorder's segments" }
        // The writer waits up to flushInterval at a time: 10^11 s trapped at every launch (issue 41, finding 8).
        let flushNanoseconds = Self.nanoseconds(flushInterval)
        if flushNanoseconds == 0 || flushNanoseconds > Self.maximumFlushInterval {
            return "flushInterval must be positive and at most an hour (got \(flushInterval))"
        }
        if queueCapacity < 2 || queueCapacity > Self.maximumQueueCapacity {
            return "queueCapacity must be from 2 to \(Self.maximumQueueCapacity) (got \(queueCapacity))"
        }
        if Self.nanoseconds(segmentDuration) == 0 { return "segmentDuration must be positive" }
        if segmentBytes < 1 { return "segmentBytes must be positive (got \(segmentBytes))" }
        if keepBytes < segmentBytes { return "keepBytes (\(keepBytes)) must be at least segmentBytes (\(segmentBytes))" }
        return collector?.problem()
    }

    /// An hour, in nanoseconds: a longer flushInterval would keep records out of the file for longer.
    static let maximumFlushInterval: UInt64 = 3_600_000_000_000
    /// Records the queue may hold: 16 Mi, far beyond any app's burst.
    static let maximumQueueCapacity = 1 << 24

    /// A duration as whole nanoseconds, negative ones as 0 and huge ones as UInt64.max.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return UInt64.max }
        let (total, overflow2) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow2 ? UInt64.max : total
    }
}
