import TapedeckWebSocket

/// Everything `ReferenceServer` needs to start; docs/REFERENCE-SERVER.md explains each setting.
package struct ReferenceServerConfiguration: Sendable, Equatable {
    package var host: String
    /// 0 picks a free port; `ReferenceServer.port` tells which.
    package var port: Int
    package static let path = "/wss/"
    /// PEM files; with both set the server speaks wss.
    package var tlsCertificatePath: String?
    package var tlsKeyPath: String?
    package var seed: UInt64
    package var clock: ClockMode
    package var faults: FaultPlan
    /// Upgrades refused with 503 before the first is accepted: a server coming back up.
    package var refuseFirst: Int
    /// Larger client messages are refused with close code 1009.
    package var maxMessageBytes: Int
    /// Handshake and idle timeouts before the upgrade, and how many connections may be open.
    package var limits: ConnectionLimits

    package static let defaultSeed: UInt64 = 20_250_220
    package static let defaultMaxMessageBytes = 1 << 20

    package init(
        host: String = "127.0.0.1", port: Int = 0, tlsCertificatePath: String? = nil,
        tlsKeyPath: String? = nil, seed: UInt64 = defaultSeed, clock: ClockMode = .wall,
        faults: FaultPlan = .none, refuseFirst: Int = 0, maxMessageBytes: Int = defaultMaxMessageBytes,
        limits: ConnectionLimits = ConnectionLimits()
    ) {
        self.refuseFirst = refuseFirst
        self.host = host
        self.port = port
        self.tlsCertificatePath = tlsCertificatePath
        self.tlsKeyPath = tlsKeyPath
        self.seed = seed
        self.clock = clock
        self.faults = faults
        self.maxMessageBytes = maxMessageBytes
        self.limits = limits
    }
}
