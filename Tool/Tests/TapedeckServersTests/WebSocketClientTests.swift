import NIOCore
import TapedeckProtocol
import TapedeckWebSocket
import TestSupport
import Testing

@Suite(.ownThread) struct WebSocketClientTests {
    /// A silent server fails the wait instead of hanging it, and the client is still usable after.
    @Test func receiveTimesOutThenStillWorks() async throws {
        try await withServer { server in
            let client = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            await #expect(throws: WebSocketClientError.timedOut(what: "a message", seconds: 0.2)) {
                _ = try await client.receive(timeout: .milliseconds(200))
            }
            try await client.send(text: ClientMessage.createCharacter(hero).encoded())
            let first = try await client.receiveText(timeout: GameClient.timeout)
            #expect(try ServerMessage.decode(first).type == "playerObject")
            await client.close()
            // Whatever the server sent before our close frame, then the server's echo of our code.
            var event = try await client.receive(timeout: GameClient.timeout)
            while case .message = event { event = try await client.receive(timeout: GameClient.timeout) }
            #expect(event == .closed(code: 1000))
        }
    }

    @Test func connectingToANonListeningPortFails() async throws {
        let port = try await withServer { $0.port } // bound, then released
        await #expect(throws: (any Error).self) {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: port, timeout: .seconds(5))
        }
    }
}
