import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckServers
import TapedeckTape

/// What `tapedeck scenario run` plays a scenario against: `--tape`, `--server` or `--reference`.
enum ScenarioTarget {
    case tape(path: String, records: [TapeRecord], matchFields: [String])
    case server(WebSocketURL, clock: ClockMode)
    case reference(seed: UInt64)

    /// A transport and clock for one scenario, and how to stop what was started for it.
    struct Session {
        var transport: any ScenarioTransport
        var clock: any ScenarioClock
        /// `${server}` and the URL of a bare `connect`.
        var serverURL: String
        /// For the recorded tape's labels.
        var label: (key: String, value: String)
        var stop: () async -> Void
    }

    /// A session for `scenario`: with `.reference`, a server with the faults of its `server` line.
    func start(for scenario: Scenario) async throws -> Session {
        switch self {
        case .tape(let path, let records, let matchFields):
            let clock = VirtualScenarioClock()
            return Session(
                transport: TapeServedTransport(records: records, clock: clock, matchFields: matchFields),
                clock: clock, serverURL: "tape:\(path)", label: ("servedFrom", path), stop: {})
        case .server(let url, .wall):
            let transport = LiveWebSocketTransport(target: url)
            return Session(
                transport: transport, clock: RealScenarioClock(), serverURL: url.description,
                label: ("server", url.description), stop: { await transport.close(code: 1000) })
        case .server(let url, .virtual):
            let clock = VirtualScenarioClock()
            let transport = VirtualTimeServerTransport(target: url, clock: clock)
            return Session(
                transport: transport, clock: clock, serverURL: url.description,
                label: ("server", url.description), stop: { await transport.close(code: 1000) })
        case .reference(let seed):
            let reference = try await ReferenceScenarioTarget.start(seed: seed, faults: scenario.server)
            return Session(
                transport: reference.transport, clock: reference.clock, serverURL: reference.url,
                label: ("reference", "seed \(seed)"), stop: { await reference.stop() })
        }
    }

    /// With `--server`, a scenario's `server` line cannot be applied here: the note says what the
    /// server must have been started with. A tape holds the faults it was recorded with;
    /// `--reference` applies them.
    func faultNote(for scenario: Scenario) -> String? {
        guard case .server(let url, _) = self, let faults = scenario.server else { return nil }
        return "note: \(scenario.name) asks for a server with faults (`\(faults.text)`); the one at \(url) must have been "
            + "started with them (`tapedeck server \(faults.arguments.joined(separator: " "))`), as --reference starts its own"
    }
}
