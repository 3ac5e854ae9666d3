import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckState
import TapedeckWebSocket
import Testing

/// The reference target: real sockets, virtual time driven by `advance` messages.
@Suite struct ReferenceTargetTests {
    /// `wait 5m` runs 300 one-second ticks on the server (the game moves on by 300 × speed game
    /// seconds) and the scenario clock ends at exactly five minutes, without five real minutes.
    @Test func waitAdvancesTheServerOneTickPerVirtualSecond() async throws {
        let (result, advances, _) = try await LiveScenarioSupport.runAgainstReference(
            """
            ignore u, batch_update
            connect
            send createCharacter {"name": "Ada", "lastName": "Ng", "sex": "female"}
            expect playerObject
            send speed {"speed": 1000}
            expect batch_update where gameSpeed == 1000
            wait 5m
            checkpoint late
              gameState.gameSpeed == 1000
            """)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        #expect(advances == 300, "\(ScenarioReport.text(for: result))")
        #expect(result.duration == 300_000_000_000)
        // 300 ticks at speed 1000 are 300,000 game seconds: 83 h 20 min after 08:00 is 19:20.
        let gameState = result.finalState.value(at: "gameState")
        #expect(gameState?.value(at: "hourOfDay") == .int(19))
        #expect(gameState?.value(at: "minuteOfHour") == .int(20))
    }

    /// A failing expect against the live reference server prints expected against received.
    @Test func failingExpectPrintsTheExpectedAgainstReceivedDiff() async throws {
        let (result, _, _) = try await LiveScenarioSupport.runAgainstReference(
            """
            connect
            send createCharacter {"name": "Ada", "lastName": "Ng", "sex": "female"}
            expect playerObject where person.name == "Grace" within 2s
            """)
        #expect(!result.passed)
        let text = ScenarioReport.text(for: result)
        #expect(text.contains("✗ 3 expect playerObject where person.name == \"Grace\" within 2s"), "\(text)")
        #expect(text.contains("received: 1 playerObject not matching:"), "\(text)")
        #expect(text.contains("✗ person.name == \"Grace\""), "\(text)")
        #expect(text.contains("- expected: \"Grace\""), "\(text)")
        #expect(text.contains("+ actual:   \"Ada\""), "\(text)")
        #expect(text.contains("FAIL live: 2 passed, 1 failed"), "\(text)")
    }

    /// `connect` with a URL of its own keeps its path and query and goes to the target's host and
    /// port; a bare `connect` uses the target's URL (`${server}`).
    @Test func connectURLsAreAimedAtTheTarget() async throws {
        let scenario = try LiveScenarioSupport.parse(
            """
            connect wss://game.example.com:9443/wss/?build=42
            send requestStatistics
            expect error where kind == "serverError"
            connect
            """)
        let reference = try await ReferenceScenarioTarget.start()
        let runner = ScenarioRunner(
            scenario: scenario, transport: reference.transport, clock: reference.clock,
            options: .init(serverURL: reference.url))
        let result = await runner.run()
        await reference.stop()
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        let port = reference.server.port
        #expect(
            reference.transport.connectedURLs.map(\.description) == [
                "ws://127.0.0.1:\(port)/wss/?build=42", "ws://127.0.0.1:\(port)/wss/",
            ])
    }
}
