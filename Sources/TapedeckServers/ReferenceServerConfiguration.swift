import TapedeckWebSocket

/// Everything `ReferenceServer` needs to start; docs/REFERENCE-SERVER.md explains each setting.
public struct ReferenceServerConfiguration: Sendable, Equatable {
    public var host: String
    /// 0 picks a free port; `ReferenceServer.port` tells which.
    public var port: Int
    public static let path = "/wss/"
    /// PEM files; with both set the server speaks wss.
    public var tlsCertificatePath: String?
    public var tlsKeyPath: String?
    public var seed: UInt64
    public var clock: ClockMode
    public var faults: FaultPlan
    /// Larger client messages are refused with close code 1009.
    public var maxMessageBytes: Int
    /// Handshake and idle timeouts before the upgrade, and how many connections may be open.
    public var limits: ConnectionLimits

    public static let defaultSeed: UInt64 = 20_250_220
    public static let defaultMaxMessageBytes = 1 << 20

    public init(
        host: String = "127.0.0.1", port: Int = 0, tlsCertificatePath: String? = nil,
        tlsKeyPath: String? = nil, seed: UInt64 = defaultSeed, clock: ClockMode = .wall,
        faults: FaultPlan = .none, maxMessageBytes: Int = defaultMaxMessageBytes,
        limits: ConnectionLimits = ConnectionLimits()
    ) {
        self.host = host; self.port = port; self.tlsCertificatePath = tlsCertificatePath; self.tlsKeyPath = tlsKeyPath
        self.seed = seed; self.clock = clock; self.faults = faults; self.maxMessageBytes = maxMessageBytes
        self.limits = limits
    }
}
