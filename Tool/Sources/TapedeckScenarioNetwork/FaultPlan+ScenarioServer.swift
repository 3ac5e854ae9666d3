import TapedeckScenario
import TapedeckServers

extension FaultPlan {
    /// The faults of a scenario's `server` line, or of `tapedeck server`'s options, which are the
    /// same (its refusals are the configuration's `refuseFirst`).
    package init(_ server: ScenarioServer) {
        self.init(
            dropAfter: server.dropAfter, delayMilliseconds: server.delayMilliseconds, malformedEvery: server.malformedEvery,
            closeAfter: server.closeAfter, closeCode: UInt16(server.closeCode), dropOn: server.dropOn,
            connections: server.faultConnections.map(Set.init))
    }
}
