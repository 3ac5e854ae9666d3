import NIOWebSocket
import TapedeckProtocol
import TapedeckServers
import TapedeckWebSocket
import TestSupport
import Testing

/// Each kind of bad input gets its documented answer, and a well-behaved client on the same server
/// keeps being answered throughout.
@Suite(.ownThread) struct BadInputTests {
    static let configuration = ReferenceServerConfiguration(clock: .virtual, maxMessageBytes: 4096)

    /// The bystander still plays: one request, its answer.
    func bystanderStillPlays(_ bystander: GameClient) async throws {
        let answers = try await bystander.exchange(.purchaseItem(PurchaseItem(itemId: "chocolate")))
        #expect(answers.map(\.type) == ["purchaseResult"] || answers.map(\.type).first == "purchaseResult")
    }

    @Test func parseErrorsAreAnsweredAndTheSessionGoesOn() async throws {
        try await withServer(Self.configuration) { server in
            let bystander = try await GameClient.connect(to: server)
            try await bystander.send(.createCharacter(hero))
            _ = try await bystander.until("extraCurriculars")
            let sender = try await GameClient.connect(to: server)

            try await sender.send(raw: #"{"type":"speed","message":{"speed":10"#)
            let malformed = try #require(try await sender.next().serverError)
            #expect(malformed.kind == .messageParsingFailed)
            #expect(
                malformed.message
                    == "cannot read the message: message: expected ',' or '}', found end of input at byte 37")
            try await bystanderStillPlays(bystander)

            try await sender.send(raw: #"{"type":"teleport","message":{"to":"moon"}}"#)
            #expect(
                try await sender.next()
                    == .error(
                        ServerError(
                            kind: .serverError,
                            message: "unknown message type teleport")))
            try await bystanderStillPlays(bystander)

            try await sender.send(raw: #"{"type":"speed","message":{"speed":"fast"}}"#)
            let wrongType = try #require(try await sender.next().serverError)
            #expect(wrongType.kind == .messageParsingFailed)
            #expect(
                wrongType.message
                    == "cannot read the message: message.speed: expected integer, found string at byte 35")
            try await bystanderStillPlays(bystander)

            // The sender's connection is still usable after all that.
            try await sender.send(.createCharacter(hero))
            #expect(try await sender.next().type == "playerObject")
            await sender.close()
            await bystander.close()
        }
    }

    @Test func binaryFramesAreClosedWith1003() async throws {
        try await withServer(Self.configuration) { server in
            let bystander = try await GameClient.connect(to: server)
            try await bystander.send(.createCharacter(hero))
            _ = try await bystander.until("extraCurriculars")
            let sender = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            try await sender.send(frame: .binary, [0x01, 0x02, 0x03])
            #expect(try await sender.receive(timeout: GameClient.timeout) == .closed(code: 1003))
            try await bystanderStillPlays(bystander)
            await bystander.close()
        }
    }

    @Test func oversizedMessagesAreClosedWith1009() async throws {
        try await withServer(Self.configuration) { server in
            let bystander = try await GameClient.connect(to: server)
            try await bystander.send(.createCharacter(hero))
            _ = try await bystander.until("extraCurriculars")
            let padding = String(repeating: "x", count: 5000)
            let oversized = Array(#"{"type":"sendMessage","message":{"personId":"person-4","text":"\#(padding)"}}"#.utf8)

            // One frame larger than the limit.
            let single = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            try await single.send(frame: .text, oversized)
            #expect(try await single.receive(timeout: GameClient.timeout) == .closed(code: 1009))
            try await bystanderStillPlays(bystander)

            // Small frames that add up to more than the limit.
            let fragmented = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            try await fragmented.send(frame: .text, Array(oversized[0..<2000]), fin: false)
            try await fragmented.send(frame: .continuation, Array(oversized[2000..<4000]), fin: false)
            try await fragmented.send(frame: .continuation, Array(oversized[4000...]), fin: true)
            #expect(try await fragmented.receive(timeout: GameClient.timeout) == .closed(code: 1009))
            try await bystanderStillPlays(bystander)

            // Fragments within the limit are one message.
            let joined = try await GameClient.connect(to: server)
            let create = ClientMessage.createCharacter(hero).encoded()
            try await joined.socket.send(frame: .text, Array(create[..<10]), fin: false)
            try await joined.socket.send(frame: .continuation, Array(create[10...]), fin: true)
            #expect(try await joined.next().type == "playerObject")
            await joined.close()
            await bystander.close()
        }
    }

    @Test func otherPathsAre404() async throws {
        try await withServer(Self.configuration) { server in
            await #expect(throws: WebSocketClientError.upgradeRefused(status: 404)) {
                _ = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, path: "/other/")
            }
            // The server still accepts games afterwards.
            let client = try await GameClient.connect(to: server)
            try await client.send(.createCharacter(hero))
            #expect(try await client.next().type == "playerObject")
            await client.close()
        }
    }

    @Test func advanceNeedsTheVirtualClock() async throws {
        try await withServer(ReferenceServerConfiguration(clock: .wall)) { server in
            let client = try await GameClient.connect(to: server)
            try await client.advance(5)
            let error = try #require(try await client.next().serverError)
            #expect(error == ServerError(kind: .serverError, message: "advance needs a server started with --clock virtual"))
            await client.close()
        }
    }
}
