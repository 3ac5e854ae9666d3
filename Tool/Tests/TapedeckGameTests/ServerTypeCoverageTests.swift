import TapedeckGame
import TapedeckProtocol
import Testing

@Suite struct ServerTypeCoverageTests {
    /// Every server-to-client type is produced by some flow of the tour; the table says which.
    @Test func everyKnownServerTypeIsProduced() {
        let play = Tour.run(seed: 42)
        var producedBy: [String: String] = [:]
        for (flow, message) in play.transcript where producedBy[message.type] == nil {
            producedBy[message.type] = flow
        }
        let table = ServerMessage.knownTypes.map { "\($0) <- \(producedBy[$0] ?? "MISSING")" }
        let missing = ServerMessage.knownTypes.filter { producedBy[$0] == nil }
        #expect(missing.isEmpty, "types no flow produced: \(missing)\n\(table.joined(separator: "\n"))")
        #expect(Set(producedBy.keys).isSubset(of: Set(ServerMessage.knownTypes)))
    }
}
