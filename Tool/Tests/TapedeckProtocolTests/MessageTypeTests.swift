import Testing

@testable import TapedeckProtocol

@Suite struct MessageTypeTests {
    @Test func serverTypesAreUnique() {
        #expect(Set(ServerMessage.knownTypes).count == ServerMessage.knownTypes.count)
        #expect(ServerMessage.knownTypes.count == 22)
    }

    @Test func clientTypesAreUnique() {
        #expect(Set(ClientMessage.knownTypes).count == ClientMessage.knownTypes.count)
        #expect(ClientMessage.knownTypes.contains("claimEvent"))
    }
}
