import TapedeckProtocol
import TapedeckScenario
import TapedeckState
import Testing

@Suite struct ParserTests {
    @Test(arguments: TestSupport.shippedScenarios)
    func shippedScenarioParses(_ name: String) throws {
        let scenario = try ScenarioParser().parse(file: TestSupport.scenariosDirectory + "/\(name).scenario")
        #expect(scenario.name == name)
        // Every one starts with the shared steps, inlined with their own file's locations.
        let first = try #require(scenario.statements.first)
        #expect(first.location.file.hasSuffix("Scenarios/steps/create-character.scenario"))
        #expect(first.kind == .ignore(["u", "batch_update"]))
    }

    @Test func statementsAndClauses() throws {
        let scenario = try TestSupport.parse(
            """
            # comment line
            connect ws://127.0.0.1:9000/wss/?v=${server} subprotocol baolife.v1   # trailing comment
              header Authorization: Bearer abc#def
              header X-Device: ${now}
            send claimEvent {"eventId": "e-${server}", "timestamp": ${now}}
            expect claimResult where accepted == true and eventId != "x" or reason == null within 500ms
            expect no error where kind == "rateLimited" for 1m
            set count = 3
            capture id = person.relationships[0].id
            checkpoint "after claim" {
              gameState.energy >= 10
              claimable.events[0].claimed == true
            }
            wait 2s
            repeat 2 {
              mark inside
            }
            close 4000
            timeout 3s
            """)
        let kinds = scenario.statements.map(\.kind)
        #expect(kinds.count == 11)
        guard case .connect(let connect) = kinds[0] else {
            Issue.record("not a connect")
            return
        }
        #expect(connect.url?.description == "ws://127.0.0.1:9000/wss/?v=${server}")
        #expect(connect.subprotocol == "baolife.v1")
        #expect(connect.headers.map(\.name) == ["Authorization", "X-Device"])
        #expect(connect.headers.map(\.value.description) == ["Bearer abc#def", "${now}"])
        guard case .send(let type, let body) = kinds[1] else {
            Issue.record("not a send")
            return
        }
        #expect(type == "claimEvent")
        #expect(body?.description == #"{"eventId":"e-${server}","timestamp":${now}}"#)
        guard case .expect(let expect) = kinds[2] else {
            Issue.record("not an expect")
            return
        }
        #expect(expect.filter?.description == #"accepted == true and eventId != "x" or reason == null"#)
        #expect(expect.filter?.alternatives.map(\.count) == [2, 1])
        #expect(expect.within == .milliseconds(500))
        guard case .expectNo(let expectNo) = kinds[3] else {
            Issue.record("not an expect no")
            return
        }
        #expect(expectNo.type == "error")
        #expect(expectNo.filter?.description == #"kind == "rateLimited""#)
        #expect(
            expectNo.filter?.alternatives.first?.first?.location == SourceLocation(file: "test.scenario", line: 7, column: 23))
        #expect(expectNo.duration == .seconds(60))
        #expect(kinds[4] == .set(name: "count", value: .literal(.int(3))))
        #expect(kinds[5] == .capture(name: "id", path: "person.relationships[0].id"))
        guard case .checkpoint(let name, let assertions) = kinds[6] else {
            Issue.record("not a checkpoint")
            return
        }
        #expect(name == "after claim")
        #expect(assertions.map(\.description) == ["gameState.energy >= 10", "claimable.events[0].claimed == true"])
        #expect(kinds[7] == .wait(.seconds(2)))
        guard case .repeatBlock(let block) = kinds[8] else {
            Issue.record("not a repeat")
            return
        }
        #expect(block.count == 2 && block.until == nil && block.body.map(\.kind) == [.mark("inside")])
        #expect(kinds[9] == .close(code: 4000))
        #expect(kinds[10] == .timeout(.seconds(3)))
    }

    @Test(
        arguments: [
            ("connect refused", nil, nil, true),
            ("connect ws://127.0.0.1:1/wss/ refused", "ws://127.0.0.1:1/wss/", nil, true),
            ("connect ws://127.0.0.1:1/wss/ subprotocol baolife refused", "ws://127.0.0.1:1/wss/", "baolife", true),
            ("connect subprotocol baolife", nil, "baolife", false),
        ] as [(String, String?, String?, Bool)])
    func connectTakesAURLASubprotocolAndRefused(line: String, url: String?, subprotocol: String?, refused: Bool) throws {
        let scenario = try TestSupport.parse(line + "\n")
        guard case .connect(let connect) = scenario.statements.first?.kind else {
            Issue.record("\(line) is not a connect")
            return
        }
        #expect(connect.url?.description == url)
        #expect(connect.subprotocol == subprotocol)
        #expect(connect.expectsRefusal == refused)
    }

    @Test func checkpointWithoutBracesTakesTheAssertionLinesAfterIt() throws {
        let scenario = try TestSupport.parse("checkpoint a\n  gameState.energy == 100\n  player.fullName != \"\"\nwait 1s\n")
        guard case .checkpoint(_, let assertions) = scenario.statements[0].kind else {
            Issue.record("not a checkpoint")
            return
        }
        #expect(assertions.count == 2)
        #expect(scenario.statements[1].kind == .wait(.seconds(1)))
    }

    @Test func includeIsResolvedAgainstTheIncludingFileAndInlined() throws {
        let files = ["suite/steps/a.scenario": "wait 1s\ninclude \"../b.scenario\"\n", "suite/b.scenario": "mark from-b\n"]
        let scenario = try TestSupport.parse(
            "include \"steps/a.scenario\"\nmark end\n", file: "suite/main.scenario", files: files)
        #expect(scenario.statements.map(\.kind) == [.wait(.seconds(1)), .mark("from-b"), .mark("end")])
        #expect(
            scenario.statements.map(\.location.description) == [
                "suite/steps/a.scenario:1:1", "suite/b.scenario:1:1", "suite/main.scenario:2:1",
            ])
    }

    @Test func variablesCapturedInAnIncludeAreKnownAfterIt() throws {
        let files = ["steps.scenario": "set who = \"p1\"\n"]
        _ = try TestSupport.parse(
            "include \"steps.scenario\"\nconnect\nsend retrievePerson {\"personId\": ${who}}\n", files: files)
    }

    @Test func durationsAndSuggestions() throws {
        let scenario = try TestSupport.parse("wait 500ms\nwait 2s\nwait 1m\n")
        #expect(scenario.statements.map(\.kind) == [.wait(.milliseconds(500)), .wait(.seconds(2)), .wait(.seconds(60))])
        #expect(ScenarioDuration.seconds(90).description == "90s")
        #expect(ScenarioDuration.milliseconds(1500).description == "1500ms")
    }

    /// Scenarios read durations in the grammar tape times are written in (`--until`, `--at`):
    /// fractions and the units below a millisecond too, and print them back exactly.
    @Test func durationsAreTapeTimes() throws {
        let scenario = try TestSupport.parse("wait 2.5s\nwait 100us\nwait 0.25m\nwait 42ns\n")
        #expect(
            scenario.statements.map(\.kind) == [
                .wait(ScenarioDuration(nanoseconds: 2_500_000_000)), .wait(ScenarioDuration(nanoseconds: 100_000)),
                .wait(.seconds(15)), .wait(ScenarioDuration(nanoseconds: 42)),
            ])
        #expect(ScenarioDuration(nanoseconds: 100_000).description == "100us")
        #expect(ScenarioDuration(nanoseconds: 2_500_000_000).description == "2500ms")
    }
}
