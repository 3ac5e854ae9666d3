import TapedeckRedaction
import TapedeckTape
import TapedeckTapeWriter
import TapedeckWebSocket

/// How `RecordingProxy` listens, forwards and records.
public struct RecordingProxyConfiguration: Sendable {
    public var listenHost: String
    public var listenPort: Int
    public var mode: RecordingProxyMode
    /// Where tapes go (created if missing).
    public var outputDirectory: String
    public var labels: [String: String]
    public var redaction: RedactionRules
    /// Forward mode: hosts that are not intercepted but tunnelled anyway (`--pass-through`); none
    /// by default, so the proxy is not an open proxy (`DestinationPolicy`).
    public var passThrough: [InterceptPattern]
    /// Forward mode: the clients that may use the proxy (`--allow-clients`); local networks by default.
    public var allowedClients: [AddressRange]
    /// Largest message (all fragments together) either side may send; larger ones close with 1009.
    public var maxMessageBytes: Int
    /// PEM files to serve wss:// to the app with (reverse mode); nil for plain ws://.
    public var tlsCertificatePath: String?
    public var tlsKeyPath: String?
    /// Extra CA (PEM) to trust for a wss:// upstream (or intercepted host), on top of the system's roots.
    public var upstreamCAPath: String?
    /// Skip verifying the upstream's certificate (only when asked for).
    public var upstreamInsecure: Bool
    /// The control endpoint (`POST /mark?name=…`); nil port means none. Loopback only.
    public var controlHost: String
    public var controlPort: Int?
    public var writerOptions: TapeWriterOptions
    /// How often the flush timer looks for due tapes (ns).
    public var flushTick: Int64
    /// Per-tape queue bound in bytes before reading pauses.
    public var recorderQueueBytes: Int
    /// How long to wait for the other side's close frame after forwarding one.
    public var closeGraceSeconds: Int64
    /// How long connecting and upgrading upstream may take.
    public var upstreamTimeoutSeconds: Int64
    /// Handshake and idle timeouts before the upgrade, and how many app connections may be open.
    public var limits: ConnectionLimits
    public var eventLoopThreads: Int
    public var writerThreads: Int
    /// The tool name written in each tape's metadata.
    public var tool: String

    public init(
        listenHost: String = "127.0.0.1", listenPort: Int = 0, mode: RecordingProxyMode, outputDirectory: String,
        labels: [String: String] = [:], redaction: RedactionRules = .defaults, passThrough: [InterceptPattern] = [],
        allowedClients: [AddressRange] = AddressRange.localNetworks, maxMessageBytes: Int = 16 << 20,
        tlsCertificatePath: String? = nil, tlsKeyPath: String? = nil, upstreamCAPath: String? = nil,
        upstreamInsecure: Bool = false, controlHost: String = "127.0.0.1", controlPort: Int? = 0,
        writerOptions: TapeWriterOptions = TapeWriterOptions(), flushTick: Int64 = 10_000_000,
        recorderQueueBytes: Int = 256 << 10, closeGraceSeconds: Int64 = 3, upstreamTimeoutSeconds: Int64 = 10,
        limits: ConnectionLimits = ConnectionLimits(), eventLoopThreads: Int = 1, writerThreads: Int = 1,
        tool: String = "tapedeck"
    ) {
        self.listenHost = listenHost; self.listenPort = listenPort; self.mode = mode
        self.outputDirectory = outputDirectory; self.labels = labels; self.redaction = redaction
        self.passThrough = passThrough; self.allowedClients = allowedClients
        self.maxMessageBytes = maxMessageBytes; self.tlsCertificatePath = tlsCertificatePath; self.tlsKeyPath = tlsKeyPath
        self.upstreamCAPath = upstreamCAPath; self.upstreamInsecure = upstreamInsecure
        self.controlHost = controlHost; self.controlPort = controlPort; self.writerOptions = writerOptions
        self.flushTick = flushTick; self.recorderQueueBytes = recorderQueueBytes
        self.closeGraceSeconds = closeGraceSeconds; self.upstreamTimeoutSeconds = upstreamTimeoutSeconds
        self.limits = limits; self.eventLoopThreads = eventLoopThreads; self.writerThreads = writerThreads; self.tool = tool
    }
}

/// How the app reaches the proxy.
public enum RecordingProxyMode: Sendable {
    /// The app connects to the proxy as if it were the server; every session goes to `upstream`.
    case reverse(upstream: UpstreamURL)
    /// The app's HTTP proxy setting points at the proxy: sessions to hosts matching `intercept`
    /// are recorded (TLS terminated with leaves from `authority`); other hosts only with
    /// `passThrough`, tunnelled; some never (`DestinationPolicy`).
    case forward(intercept: [InterceptPattern], authority: LocalCertificateAuthority)
}
