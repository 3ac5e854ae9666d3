import Testing

@testable import TapedeckProxy

/// Every transition of the proxy's `RelayStateMachine` (`RelayTransition.table`), without a socket:
/// the events before it, the event, and the exact actions it returns in order.
@Suite struct RelayStateMachineTests {
    @Test(arguments: RelayTransition.table)
    func transition(_ row: RelayTransition) {
        var machine = RelayTransition.machine()
        for event in row.given { event.apply(to: &machine) }
        #expect(row.event.apply(to: &machine) == row.actions, "\(row.name)")
        if let phases = row.phases {
            #expect(machine[.client].phase == phases.client, "app's phase after \(row.name)")
            #expect(machine[.server].phase == phases.server, "server's phase after \(row.name)")
        }
    }

    @Test func theTableNamesEachTransitionOnce() {
        let names = RelayTransition.table.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
