import TapedeckProtocol
import TapedeckScenario
import TapedeckState
import Testing

/// The statements behave as docs/SCENARIOS.md says, against in-process servers in virtual time.
@Suite struct EngineTests {
    /// A server answering each client type with canned messages.
    static func cannedServer(_ answers: [String: [String]], greeting: [String] = [], log: Log? = nil) -> ClosureServer {
        ClosureServer(greeting: greeting.map(TestSupport.bytes)) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            log?.lines.append(text)
            let type = (try? ClientMessage.decode(bytes))?.type ?? ""
            return (answers[type] ?? []).map(TestSupport.bytes)
        }
    }

    /// What the canned server received. `@unchecked Sendable`: appended to only by the server's
    /// handler (one connection, on one event loop), and read only after the scenario has run.
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    @Test func sendExpectCaptureAndSubstitution() async throws {
        let log = Log()
        let server = Self.cannedServer(
            [
                "retrievePerson": [#"{"type":"personObject","message":{"id":"p7","name":"Sam","age":31}}"#],
                "swipe": [#"{"type":"matchResult","message":{"personId":"p7","matched":true,"compatibility":88}}"#],
            ], log: log)
        let (result, _) = try await TestSupport.run(
            """
            set age = 30
            connect
            send retrievePerson {}
            expect personObject where name == "Sam" and age > 30
            capture person = id
            send swipe {"personId": ${person}, "direction": "right"}
            expect matchResult where personId == "${person}" and matched == true
            send sendMessage {"personId": "${person}", "text": "Hi ${person}, age ${age}"}
            """, server: server)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        #expect(
            log.lines == [
                #"{"type":"retrievePerson","message":{}}"#,
                #"{"type":"swipe","message":{"personId":"p7","direction":"right"}}"#,
                #"{"type":"sendMessage","message":{"personId":"p7","text":"Hi p7, age 30"}}"#,
            ])
        #expect(
            result.steps.map(ScenarioReport.line(for:)) == [
                "✓ 1 set age = 30 (0 ms)",
                "✓ 2 connect (0 ms)",
                "✓ 3 send retrievePerson (0 ms)",
                #"✓ 4 expect personObject where name == "Sam" and age > 30 (0 ms)"#,
                "✓ 5 capture person = id (0 ms)",
                "✓ 6 send swipe (0 ms)",
                #"✓ 7 expect matchResult where personId == "${person}" and matched == true (0 ms)"#,
                "✓ 8 send sendMessage (0 ms)",
            ])
        // The client state saw the person.
        #expect(result.finalState.value(at: "player.people[0].name") == .string("Sam"))
    }

    @Test func expectSkipsOtherMessagesAndNotesThemUnlessIgnored() async throws {
        let server = Self.cannedServer([
            "start": [
                #"{"type":"u","message":{"energy":90}}"#,
                #"{"type":"personObject","message":{"id":"p2","name":"Ann"}}"#,
                #"{"type":"claimResult","message":{"eventId":"e0","accepted":true}}"#,
                #"{"type":"claimResult","message":{"eventId":"e1","accepted":false,"reason":"alreadyClaimed"}}"#,
                #"{"type":"u","message":{"energy":80}}"#,
            ]
        ])
        let (result, _) = try await TestSupport.run(
            """
            ignore u
            connect
            send start
            expect claimResult where accepted == false
            expect u
            checkpoint after
              gameState.energy == 80
            """, server: server)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        // The first claimResult did not match the filter and was passed over; `u` is ignored in logs.
        #expect(result.steps[3].log == ["also received: personObject ×1", "passed over: claimResult ×1"])
        // Every message was applied, the skipped ones included.
        #expect(result.finalState.value(at: "player.people[0].name") == .string("Ann"))
    }

    @Test func expectTimesOutInVirtualTimeAndStopsTheScenario() async throws {
        let (result, transport) = try await TestSupport.run(
            """
            connect
            send start
            expect playerObject within 2s
            wait 1s
            """, server: Self.cannedServer([:]))
        #expect(!result.passed)
        #expect(result.steps.map(\.status) == [.passed, .passed, .failed, .skipped])
        #expect(result.steps[2].duration == 2_000_000_000)
        #expect(result.steps[2].message == "expected playerObject: nothing matching arrived within 2s")
        #expect(transport.clock.now == VirtualTime(nanoseconds: 2_000_000_000))
        #expect(ScenarioReport.line(for: result.steps[3]) == "- 4 wait 1s (skipped)")
    }

    @Test func expectNoWatchesWithoutConsuming() async throws {
        let server = ScriptedGameServer()
        server.running = false
        let (result, transport) = try await TestSupport.run(
            """
            connect
            expect no u for 3s
            send start
            expect no messageEvent for 2500ms
            expect u
            """, server: server)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        // Two ticks arrived during the second watch and one is still there for `expect u`.
        #expect(transport.clock.now == VirtualTime(nanoseconds: 5_500_000_000))

        let failing = ScriptedGameServer()
        let (failed, _) = try await TestSupport.run(
            """
            connect
            expect no messageEvent where moneyCost > 0 for 10s
            """, server: failing)
        #expect(failed.steps[1].status == .failed)
        #expect(failed.steps[1].message == "expected no messageEvent where moneyCost > 0 for 10s, but one arrived")
        #expect(failed.steps[1].duration == 3_000_000_000)
        #expect(failed.steps[1].details.starts(with: ["received: messageEvent at 3000 ms:", "  {"]))
    }

    @Test func waitTakesInPushesAndNegativeEventsAreClaimedAutomatically() async throws {
        let server = ScriptedGameServer()
        let (result, transport) = try await TestSupport.run(
            """
            connect
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            expect playerObject
            wait 6s
            checkpoint after-six-seconds
              gameState.minuteOfHour == 6
              claimable.count == 2
              claimable.events[0].claimed == true
              claimable.events[0].energy == -10
              claimable.unclaimedCount == 1
            """, server: server)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        #expect(transport.clock.now == VirtualTime(nanoseconds: 6_000_000_000))
        // Tick 3 brought a reward, tick 6 a loss which the client claimed by itself.
        #expect(server.received == ["createCharacter", "claimEvent"])
        #expect(
            result.steps[3].log.contains(where: {
                $0.hasPrefix(
                    #"the client sent {"type":"claimEvent","message":{"eventId":"e6","timestamp":"2026-01-01T00:00:06.000Z"}}"#)
            }))
    }

    @Test func repeatRunsItsBodyAndUntilStopsAtTheFirstMatch() async throws {
        let server = ScriptedGameServer()
        server.running = false
        let (result, _) = try await TestSupport.run(
            """
            connect
            repeat 2 {
              send retrievePerson {}
              expect personObject
            }
            repeat up to 10 until matchResult where matched == true {
              send retrievePerson {}
              expect personObject
              capture candidate = id
              send swipe {"personId": "${candidate}", "direction": "right"}
              expect matchResult where personId == ${candidate}
            }
            capture match = personId
            checkpoint matched
              player.people[4].id == ${match}
            """, server: server)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        #expect(
            server.received == ["retrievePerson", "retrievePerson"]
                + Array(repeating: ["retrievePerson", "swipe"], count: 3).flatMap { $0 })
        let repeats = result.steps.filter { $0.summary.hasPrefix("repeat") }
        #expect(
            repeats.map(ScenarioReport.line(for:)) == [
                "✓ 6 repeat 2 (2 iterations) (0 ms)",
                "✓ 22 repeat up to 10 until matchResult where matched == true (3 iterations) (0 ms)",
            ])
        #expect(result.steps[0].depth == 0 && result.steps[1].depth == 1)
        #expect(ScenarioReport.line(for: result.steps[1]) == "  ✓ 2 send retrievePerson (0 ms)")

        let neverMatches = ScriptedGameServer()
        neverMatches.running = false
        neverMatches.matchEvery = 100
        let (failed, _) = try await TestSupport.run(
            """
            connect
            repeat up to 4 until matchResult where matched == true {
              send swipe {"personId": "p1", "direction": "right"}
              expect matchResult
            }
            """, server: neverMatches)
        #expect(failed.steps.last?.message == "no matchResult where matched == true arrived in 4 iterations")
        #expect(neverMatches.received.count == 4)
    }

    @Test func includedStepsRun() async throws {
        let files = [
            "steps/hello.scenario": "connect\nsend createCharacter {\"name\": \"A\", \"lastName\": \"B\", \"sex\": \"male\"}\n"
        ]
        let server = ScriptedGameServer()
        let (result, _) = try await TestSupport.run(
            "include \"steps/hello.scenario\"\nexpect playerObject\n", server: server, files: files)
        #expect(result.passed)
        #expect(result.steps.map(\.location.file) == ["steps/hello.scenario", "steps/hello.scenario", "test.scenario"])
    }

    @Test func checkpointFailureListsEachAssertion() async throws {
        let server = ScriptedGameServer()
        server.running = false
        let (result, _) = try await TestSupport.run(
            """
            connect
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            expect playerObject
            set expected = 120
            checkpoint resources
              gameState.energy == ${expected}
              player.fullName == "Mei Lin"
              gameState.money < 100
            """, server: server)
        let step = try #require(result.steps.last)
        #expect(step.status == .failed)
        #expect(step.message == "checkpoint resources: 2 of 3 assertions failed")
        #expect(
            Array(step.details.prefix(8)) == [
                "✗ gameState.energy == ${expected}",
                "  - expected: 120",
                "  + actual:   100",
                #"✓ player.fullName == "Mei Lin""#,
                "✗ gameState.money < 100",
                "  - expected: < 100",
                "  + actual:   500",
                "client state (gameState):",
            ])
        #expect(step.details.contains(#"      "energy": 100,"#))
    }

    @Test func undecodableServerMessageFailsTheStep() async throws {
        let server = Self.cannedServer(["start": [#"{"type":"claimResult","message":{"eventId":"e1"}}"#]])
        let (result, _) = try await TestSupport.run("connect\nsend start\nwait 1s\n", server: server)
        #expect(result.steps[2].status == .failed)
        #expect(result.steps[2].message == "the server sent a message the client cannot decode")
        #expect(
            result.steps[2].details.first
                == "claimResult at 0 ms: message: expected field 'accepted', found end of object at byte 47")
    }

    @Test func connectPassesURLHeadersAndSubprotocol() async throws {
        let clock = VirtualScenarioClock()
        let transport = InProcessTransport(server: ScriptedGameServer(), clock: clock)
        let scenario = try TestSupport.parse(
            """
            set token = "abc"
            connect ws://example.test/wss/ subprotocol baolife
              header Authorization: Bearer ${token}
            close
            connect
            """)
        let options = ScenarioRunner.Options(serverURL: "ws://default.test/")
        let result = await ScenarioRunner(scenario: scenario, transport: transport, clock: clock, options: options).run()
        #expect(result.passed)
        #expect(transport.connections.map(\.url) == ["ws://example.test/wss/", "ws://default.test/"])
        #expect(transport.connections[0].headers.map { "\($0.name): \($0.value)" } == ["Authorization: Bearer abc"])
        #expect(transport.connections[0].subprotocol == "baolife")
        #expect(result.finalState.value(at: "connection.openCount") == .int(2))
    }

    /// A server that refuses every connection, as a proxy whose upstream is down answers 502.
    final class RefusingTransport: ScenarioTransport {
        func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
            throw ScenarioTransportError("the server refused the WebSocket upgrade with HTTP 502")
        }
        func send(_ bytes: [UInt8]) async throws { throw ScenarioTransportError("not connected") }
        func receive(timeout: UInt64) async throws -> TransportEvent { .closed(code: 1006, reason: "") }
        func close(code: UInt16) async {}
    }

    @Test func connectRefusedPassesOnlyWhenTheConnectionIsRefused() async throws {
        let scenario = try TestSupport.parse("connect refused\ncheckpoint down\n  connection.isConnected == false\n")
        let refused = await ScenarioRunner(
            scenario: scenario, transport: RefusingTransport(), clock: VirtualScenarioClock(),
            options: ScenarioRunner.Options(serverURL: "ws://down.test/")
        ).run()
        #expect(refused.passed, "\(refused.steps.map(\.message))")
        #expect(refused.steps[0].log.contains { $0.contains("refused, as expected: the server refused the WebSocket upgrade") })
        #expect(refused.finalState.value(at: "connection.error.kind") == .string("connectionFailed"))

        let clock = VirtualScenarioClock()
        let opened = await ScenarioRunner(
            scenario: scenario, transport: InProcessTransport(server: ScriptedGameServer(), clock: clock), clock: clock,
            options: ScenarioRunner.Options(serverURL: "ws://up.test/")
        ).run()
        #expect(!opened.passed)
        #expect(opened.steps[0].message == "the connection to ws://up.test/ opened, but the scenario expected it to be refused")
    }

    @Test func sendingBeforeConnectFails() async throws {
        let (result, _) = try await TestSupport.run("send start\n", server: ScriptedGameServer())
        #expect(result.steps[0].message == "cannot send start: not connected (add a connect statement before it)")
    }

    @Test(arguments: TestSupport.shippedScenarios)
    func shippedScenarioPassesAgainstTheScriptedServer(_ name: String) async throws {
        let scenario = try ScenarioParser().parse(file: TestSupport.scenariosDirectory + "/\(name).scenario")
        let clock = VirtualScenarioClock()
        let transport = InProcessTransport(server: ScriptedGameServer(), clock: clock)
        let result = await ScenarioRunner(scenario: scenario, transport: transport, clock: clock).run()
        #expect(result.passed, "\(ScenarioReport.text(for: result, verbose: true))")
        #expect(result.steps.allSatisfy { $0.status == .passed })
    }

    @Test func runsAreDeterministic() async throws {
        let text = try FileScenarioLoader().load(TestSupport.scenariosDirectory + "/five-minute-session.scenario").get()
        var reports: [String] = []
        for _ in 0..<2 {
            let scenario = try ScenarioParser().parse(
                source: text, file: TestSupport.scenariosDirectory + "/five-minute-session.scenario")
            let clock = VirtualScenarioClock()
            let result = await ScenarioRunner(
                scenario: scenario, transport: InProcessTransport(server: ScriptedGameServer(), clock: clock),
                clock: clock
            ).run()
            reports.append(ScenarioReport.text(for: result, verbose: true) + result.finalState.canonicalJSONString())
        }
        #expect(reports[0] == reports[1])
        #expect(reports[0].contains("✓ 10 wait 5m (300.0 s)"))
    }
}
