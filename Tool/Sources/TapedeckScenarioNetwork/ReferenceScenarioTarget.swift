import TapedeckScenario
import TapedeckServers
import TapedeckWebSocket

/// `--reference`: a reference server started in this process on a free loopback port, with a
/// fixed seed and the virtual clock, and a transport to it. One per scenario, so a scenario's
/// games (seeded by connection ordinal) do not depend on which scenarios ran before it, and so
/// that each gets the faults its `server` line names.
package final class ReferenceScenarioTarget {
    package let server: ReferenceServer
    package let clock: VirtualScenarioClock
    package let transport: VirtualTimeServerTransport

    private init(server: ReferenceServer, clock: VirtualScenarioClock, transport: VirtualTimeServerTransport) {
        self.server = server
        self.clock = clock
        self.transport = transport
    }

    package static func start(
        seed: UInt64 = ReferenceServerConfiguration.defaultSeed, faults: ScenarioServer? = nil
    ) async throws -> ReferenceScenarioTarget {
        var configuration = ReferenceServerConfiguration(host: "127.0.0.1", port: 0, seed: seed, clock: .virtual)
        if let faults {
            configuration.faults = FaultPlan(faults)
            configuration.refuseFirst = faults.refuseFirst
        }
        let server = try await ReferenceServer.start(configuration)
        let clock = VirtualScenarioClock()
        do {
            let transport = VirtualTimeServerTransport(target: try WebSocketURL(parsing: server.url), clock: clock)
            return ReferenceScenarioTarget(server: server, clock: clock, transport: transport)
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    /// The server's URL: the scenario's `${server}`.
    package var url: String { server.url }

    /// Closes the connection and stops the server.
    package func stop() async {
        await transport.close(code: 1000)
        try? await server.shutdown()
    }
}
