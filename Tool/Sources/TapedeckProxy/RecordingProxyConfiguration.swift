import TapedeckRedaction
import TapedeckTape
import TapedeckWebSocket

/// How `RecordingProxy` listens, forwards and records.
package struct RecordingProxyConfiguration: Sendable {
    package var listenHost: String
    package var listenPort: Int
    package var mode: RecordingProxyMode
    /// Where tapes go (created if missing).
    package var outputDirectory: String
    /// One tape per connection, or per app session (`tapedeck record`'s default).
    package var tapes: TapeGrouping
    package var labels: [String: String]
    package var redaction: RedactionRules
    /// Forward mode: hosts that are not intercepted but tunnelled anyway (`--pass-through`); none
    /// by default, so the proxy is not an open proxy (`DestinationPolicy`).
    package var passThrough: [InterceptPattern]
    /// Forward mode: the clients that may use the proxy (`--allow-clients`); local networks by default.
    package var allowedClients: [AddressRange]
    /// Largest message (all fragments together) either side may send; larger ones close with 1009.
    package var maxMessageBytes: Int
    /// PEM files to serve wss:// to the app with (reverse mode); nil for plain ws://.
    package var tlsCertificatePath: String?
    package var tlsKeyPath: String?
    /// Extra CA (PEM) to trust for a wss:// upstream (or intercepted host), on top of the system's roots.
    package var upstreamCAPath: String?
    /// Skip verifying the upstream's certificate (only when asked for).
    package var upstreamInsecure: Bool
    /// The control endpoint (`POST /mark?name=…`); nil port means none. Loopback only.
    package var controlHost: String
    package var controlPort: Int?
    package var writerOptions: TapeWriterOptions
    /// How often the flush timer looks for due tapes (ns).
    package var flushTick: Int64
    /// Per-tape queue bound in bytes before reading pauses.
    package var recorderQueueBytes: Int
    /// How long to wait for the other side's close frame after forwarding one.
    package var closeGraceSeconds: Int64
    /// How long connecting and upgrading upstream may take.
    package var upstreamTimeoutSeconds: Int64
    /// Handshake and idle timeouts before the upgrade, and how many app connections may be open.
    package var limits: ConnectionLimits
    package var eventLoopThreads: Int
    package var writerThreads: Int
    /// The tool name written in each tape's metadata.
    package var tool: String

    package init(
        listenHost: String = "127.0.0.1", listenPort: Int = 0, mode: RecordingProxyMode, outputDirectory: String,
        tapes: TapeGrouping = .perConnection, labels: [String: String] = [:], redaction: RedactionRules = .defaults,
        passThrough: [InterceptPattern] = [],
        allowedClients: [AddressRange] = AddressRange.localNetworks, maxMessageBytes: Int = 16 << 20,
        tlsCertificatePath: String? = nil, tlsKeyPath: String? = nil, upstreamCAPath: String? = nil,
        upstreamInsecure: Bool = false, controlHost: String = "127.0.0.1", controlPort: Int? = 0,
        writerOptions: TapeWriterOptions = TapeWriterOptions(), flushTick: Int64 = 10_000_000,
        recorderQueueBytes: Int = 256 << 10, closeGraceSeconds: Int64 = 3, upstreamTimeoutSeconds: Int64 = 10,
        limits: ConnectionLimits = ConnectionLimits(), eventLoopThreads: Int = 1, writerThreads: Int = 1,
        tool: String = "tapedeck"
    ) {
        self.listenHost = listenHost
        self.listenPort = listenPort
        self.mode = mode
        self.outputDirectory = outputDirectory
        self.tapes = tapes
        self.labels = labels
        self.redaction = redaction
        self.passThrough = passThrough
        self.allowedClients = allowedClients
        self.maxMessageBytes = maxMessageBytes
        self.tlsCertificatePath = tlsCertificatePath
        self.tlsKeyPath = tlsKeyPath
        self.upstreamCAPath = upstreamCAPath
        self.upstreamInsecure = upstreamInsecure
        self.controlHost = controlHost
        self.controlPort = controlPort
        self.writerOptions = writerOptions
        self.flushTick = flushTick
        self.recorderQueueBytes = recorderQueueBytes
        self.closeGraceSeconds = closeGraceSeconds
        self.upstreamTimeoutSeconds = upstreamTimeoutSeconds
        self.limits = limits
        self.eventLoopThreads = eventLoopThreads
        self.writerThreads = writerThreads
        self.tool = tool
    }
}

/// How the app reaches the proxy.
package enum RecordingProxyMode: Sendable {
    /// The app connects to the proxy as if it were the server; every session goes to `upstream`.
    case reverse(upstream: UpstreamURL)
    /// The app's HTTP proxy setting points at the proxy: sessions to hosts matching `intercept`
    /// are recorded (TLS terminated with leaves from `authority`); other hosts only with
    /// `passThrough`, tunnelled; some never (`DestinationPolicy`).
    case forward(intercept: [InterceptPattern], authority: LocalCertificateAuthority)
}
