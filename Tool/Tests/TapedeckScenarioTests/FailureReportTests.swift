import TapedeckScenario
import Testing

/// A failing expect reads as expected against received, with the clause that failed and the state.
@Suite struct FailureReportTests {
    @Test func failingExpectShowsExpectedAgainstReceivedAndTheState() async throws {
        let server = EngineTests.cannedServer([
            "claimEvent": [
                #"{"type":"u","message":{"energy":95}}"#,
                #"{"type":"personObject","message":{"id":"p2","name":"Ann"}}"#,
                #"{"type":"claimResult","message":{"eventId":"e1","accepted":true}}"#,
            ]
        ])
        let (result, _) = try await TestSupport.run(
            """
            connect
            send claimEvent {"eventId": "e1", "timestamp": "${now}"}
            expect claimResult where eventId == "e1" and accepted == false within 2s
            """, server: server)
        let text = ScenarioReport.text(for: result)
        #expect(
            text == """
                scenario test (test.scenario)
                ✓ 1 connect (0 ms)
                ✓ 2 send claimEvent (0 ms)
                ✗ 3 expect claimResult where eventId == "e1" and accepted == false within 2s (2000 ms)
                    expected claimResult where eventId == "e1" and accepted == false: nothing matching arrived within 2s
                    expected: claimResult where eventId == "e1" and accepted == false within 2s
                    received: 1 claimResult not matching:
                      claimResult at 0 ms:
                        ✗ accepted == false
                          - expected: false
                          + actual:   true
                        {
                          "accepted": true,
                          "eventId": "e1"
                        }
                    other messages while waiting: u ×1, personObject ×1
                    client state (gameState, connection):
                      {
                        "connection": {
                          "closeCode": null,
                          "closeReason": null,
                          "error": null,
                          "failure": null,
                          "isConnected": true,
                          "openCount": 1,
                          "status": "connected"
                        },
                        "gameState": {
                          "diamonds": 0,
                          "energy": 95,
                          "formattedTime": "8:00 AM",
                          "gameDate": "",
                          "gameSpeed": 5000,
                          "hourOfDay": 8,
                          "minuteOfHour": 0,
                          "money": 0,
                          "season": "spring",
                          "seasonEmoji": "🌸",
                          "timeOfDay": "Morning",
                          "writers": {
                            "diamonds": "client",
                            "energy": "server",
                            "money": "client"
                          }
                        }
                      }
                    · also received: u ×1, personObject ×1
                    · passed over: claimResult ×1
                FAIL test: 2 passed, 1 failed (2000 ms)

                """)
    }

    @Test func expectWithNothingOfTheTypeListsTheLastMessages() async throws {
        let server = EngineTests.cannedServer([
            "start": [
                #"{"type":"u","message":{"energy":95}}"#,
                #"{"type":"error","message":{"kind":"rateLimited","message":"slow down"}}"#,
            ]
        ])
        let (result, _) = try await TestSupport.run(
            """
            connect
            send start
            expect matchResult where matched == true
            """, server: server)
        let step = try #require(result.steps.last)
        #expect(
            Array(step.details.prefix(5)) == [
                "expected: matchResult where matched == true within 5s",
                "received: no matchResult",
                "last messages received:",
                #"  u at 0 ms: {"energy":95}"#,
                #"  error at 0 ms: {"kind":"rateLimited","message":"slow down"}"#,
            ])
        // The error the server sent is in the state shown.
        #expect(step.details.contains(#"        "kind": "rateLimited","#))
    }

    @Test func junitHasATestcasePerStepWithTheFailure() async throws {
        let (result, _) = try await TestSupport.run(
            "connect\nexpect playerObject within 1s\nwait 1s\n", server: ScriptedGameServer())
        let xml = ScenarioJUnitReport.xml([result])
        #expect(
            xml.contains(
                #"<testsuite name="test" file="test.scenario" tests="3" failures="1" errors="0" skipped="1" time="1.000">"#))
        #expect(xml.contains(#"<testcase classname="test" name="1 connect" file="test.scenario" line="1" time="0.000"/>"#))
        #expect(
            xml.contains(
                #"<failure message="expected playerObject: nothing matching arrived within 1s">expected: playerObject within 1s"#)
        )
        #expect(xml.contains("<skipped/>"))
        #expect(
            ScenarioJUnitReport.xml([]).hasSuffix(
                "<testsuites name=\"tapedeck scenarios\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">\n</testsuites>\n")
        )
    }
}
