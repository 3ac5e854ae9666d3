import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct ConnectionStateTests {
    @Test func openingConnects() {
        var state = ClientState()
        var expected = state
        expected.connection.status = .connected
        expected.connection.openCount = 1
        state.apply(.opened, at: .zero)
        expectState(state, equals: expected)
        #expect(state.connection.isConnected)
    }

    @Test func closingKeepsTheCodeReasonAndError() {
        var state = Fixtures.loadedState()
        _ = state.apply(.error(ServerError(kind: .rateLimited, message: "Slow down")), at: Fixtures.t1)
        var expected = state
        expected.connection.status = .closed
        expected.connection.closeCode = 1006
        expected.connection.closeReason = "abnormal"
        state.apply(.closed(code: 1006, reason: "abnormal"), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func aFailedConnectionSetsTheError() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.connection.status = .failed
        expected.connection.failure = "connection refused"
        expected.connection.currentError = ServerError(kind: .connectionFailed, message: "connection refused")
        state.apply(.failed("connection refused"), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func aServerErrorSetsTheCurrentError() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.connection.currentError = ServerError(kind: .serverError, message: "Database unavailable")
        let effects = state.apply(.error(ServerError(kind: .serverError, message: "Database unavailable")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
    }

    @Test func aNewConnectionClearsTheErrorAndTheLastClose() {
        var state = Fixtures.loadedState()
        state.apply(.failed("timeout"), at: Fixtures.t1)
        state.apply(.closed(code: 1001, reason: "going away"), at: Fixtures.t1)
        var expected = state
        expected.connection.status = .connected
        expected.connection.openCount = 2
        expected.connection.closeCode = nil
        expected.connection.closeReason = nil
        expected.connection.failure = nil
        expected.connection.currentError = nil
        state.apply(.opened, at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func aPlayerObjectClearsTheError() {
        var state = Fixtures.loadedState()
        _ = state.apply(.error(ServerError(kind: .messageParsingFailed, message: "bad json")), at: Fixtures.t1)
        var expected = state
        expected.connection.currentError = nil
        _ = state.apply(.playerObject(Fixtures.playerObject), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func otherMessagesKeepTheError() {
        var state = Fixtures.loadedState()
        _ = state.apply(.error(ServerError(kind: .rateLimited, message: "Slow down")), at: Fixtures.t1)
        _ = state.apply(.update(PartialUpdate(energy: 50)), at: Fixtures.t1)
        _ = state.apply(.personObject(Fixtures.alex), at: Fixtures.t1)
        #expect(state.connection.currentError == ServerError(kind: .rateLimited, message: "Slow down"))
    }
}
