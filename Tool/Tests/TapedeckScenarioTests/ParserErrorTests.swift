import TapedeckScenario
import TapedeckTestFixtures
import Testing

/// Broken scenarios, each with the exact place and words of its error.
@Suite struct ParserErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        /// `file:line:column`
        var location: String
        /// The summary line after `location: error: `.
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            source: "connect ws://127.0.0.1:1/wss/ refuzed\n", location: "test.scenario:1:31",
            message: #"unexpected 'refuzed' after connect; did you mean "refused"?"#),
        Case(
            source: "connect\nsned createCharacter {}\n", location: "test.scenario:2:1",
            message: #"unknown statement 'sned'; did you mean "send"?"#),
        Case(
            source: "connect\nsend createCharakter {\"name\": \"A\"}\n", location: "test.scenario:2:6",
            message: #"unknown client message type 'createCharakter'; did you mean "createCharacter"?"#),
        Case(
            source: "connect\nexpect playerObjct\n", location: "test.scenario:2:8",
            message: #"unknown server message type 'playerObjct'; did you mean "playerObject"?"#),
        Case(
            source: "expect createCharacter\n", location: "test.scenario:1:8",
            message:
                "'createCharacter' is a client message type; expect takes a server message type; use send createCharacter to send it"
        ),
        Case(
            source: "send playerObject {}\n", location: "test.scenario:1:6",
            message:
                "'playerObject' is a server message type; send takes a client message type; use expect playerObject to wait for it"
        ),
        Case(
            source: "checkpoint a\n  gameState.enrgy == 100\n", location: "test.scenario:2:13",
            message: #"unknown state path 'gameState.enrgy': 'gameState' has no key 'enrgy'; did you mean "energy"?"#),
        Case(
            source: "checkpoint a {\n  gamestate.energy == 100\n}\n", location: "test.scenario:2:3",
            message: #"unknown state path 'gamestate.energy': the state has no key 'gamestate'; did you mean "gameState"?"#),
        Case(
            source: "checkpoint a\n  player.fulName == \"Mei Lin\"\n", location: "test.scenario:2:10",
            message: #"unknown state path 'player.fulName': 'player' has no key 'fulName'; did you mean "fullName"?"#),
        Case(
            source: "checkpoint a\n  claimable.events[0].clamed == true\n", location: "test.scenario:2:23",
            message:
                #"unknown state path 'claimable.events[0].clamed': 'claimable.events[0]' has no key 'clamed'; did you mean "claimed"?"#
        ),
        Case(
            source: "checkpoint a\n  player.people.name == \"x\"\n", location: "test.scenario:2:17",
            message:
                "unknown state path 'player.people.name': 'player.people' is an array, not an object with key 'name'; index it, as in player.people[0].name"
        ),
        Case(
            source: "checkpoint a\n  gameState.energy = 100\n", location: "test.scenario:2:20",
            message: "unknown comparison '='; compare with =="),
        Case(
            source: "checkpoint a\n  gameState.energy 100\n", location: "test.scenario:2:20",
            message: "expected a comparison after 'gameState.energy', found '100'; use ==, !=, <, <=, > or >="),
        Case(
            source: "gameState.energy == 100\n", location: "test.scenario:1:1",
            message: "an assertion must follow a checkpoint; write checkpoint NAME on the line before it"),
        Case(
            source: "checkpoint a\n  player.fullName == Mei\n", location: "test.scenario:2:22",
            message: #"expected a JSON value, found 'Mei'; strings need quotes: "Mei""#),
        Case(
            source: "connect\nexpect matchResult whre matched == true\n", location: "test.scenario:2:20",
            message: #"unexpected 'whre' in expect; did you mean "where"?"#),
        Case(
            source: "connect\nexpect matchResult within 2sec\n", location: "test.scenario:2:28",
            message: "unknown duration unit 'sec'; use ms, s or m"),
        Case(
            source: "wait 5\n", location: "test.scenario:1:7",
            message: "the duration 5 has no unit; write 5ms, 5s or 5m"),
        Case(
            source: "wait 1.0000000001s\n", location: "test.scenario:1:6",
            message:
                "the duration 1.0000000001s is not a whole number of nanoseconds under 2^64; write it with fewer decimals, or in a smaller unit"
        ),
        Case(source: "wait 25h\n", location: "test.scenario:1:8", message: #"unknown duration unit 'h'; did you mean "s"?"#),
        Case(source: "wait 1441m\n", location: "test.scenario:1:6", message: "the duration 1441m is longer than a day"),
        Case(
            source: "connect\nexpect no error\n", location: "test.scenario:2:16",
            message: "expect no needs how long to watch: 'for DURATION'; e.g. expect no error for 1s"),
        Case(
            source: "connect\nexpect error for 1s\n", location: "test.scenario:2:14",
            message:
                "'for' belongs to expect no; expect takes 'within DURATION'; write expect error within 2s, or expect no error for 2s"
        ),
        Case(
            source: "connect\nsend claimEvent {\"eventId\": ${eventId}, \"timestamp\": \"t\"}\n", location: "test.scenario:2:29",
            message: "undefined variable ${eventId}; give it a value first with capture eventId = PATH or set eventId = VALUE"),
        Case(
            source: "set eventId = \"e1\"\nconnect\nsend claimEvent {\"eventId\": ${eventID}, \"timestamp\": \"t\"}\n",
            location: "test.scenario:3:29",
            message: #"undefined variable ${eventID}; did you mean "eventId"?"#),
        Case(
            source: "connect\nsend claimEvent {\"eventId\": \"e1\"}\n", location: "test.scenario:2:17",
            message:
                "the claimEvent body does not match the protocol: message: expected field 'timestamp', found end of object; see the claimEvent section of docs/PROTOCOL.md"
        ),
        // An enum value the schema does not know ("up") is kept, as the server may add values
        // (docs/PROTOCOL.md, Enums); a value of the wrong JSON type is still an error.
        Case(
            source: "connect\nsend swipe {\"personId\": \"p1\", \"direction\": 5}\n", location: "test.scenario:2:12",
            message:
                "the swipe body does not match the protocol: message.direction: expected string, found number; see the swipe section of docs/PROTOCOL.md"
        ),
        Case(
            source: "connect\nsend createCharacter {\"name\": \"A\",\n  \"lastName\": \"B\"\n", location: "test.scenario:4:1",
            message: "the object opened at line 2 is not closed; add '}'"),
        Case(
            source: "connect\nsend createCharacter {name: \"A\"}\n", location: "test.scenario:2:23",
            message: #"expected a quoted key in the JSON object, found 'name'; write "name""#),
        Case(
            source: "repeat 3 {\n  wait 1s\n", location: "test.scenario:3:1",
            message: "missing '}' to close the block opened at line 1; add a line with '}' after the block's statements"),
        Case(
            source: "repeat {\n}\n", location: "test.scenario:1:8",
            message: "expected a repetition count, found '{'"),
        // Valid: checked below.
        Case(
            source: "repeat up to 5 until matchResult {\n}\n", location: "test.scenario:1:1", message: ""),
        Case(
            source: "repeat up to 5 untill matchResult {\n}\n", location: "test.scenario:1:16",
            message:
                "expected 'until TYPE' after 'repeat up to 5', found 'untill'; repeat up to 5 until matchResult where matched == true {"
        ),
        Case(
            source: "}\n", location: "test.scenario:1:1",
            message: "'}' closes no block; remove it, or open a block with repeat N {"),
        Case(
            source: "connect http://localhost:8080/\n", location: "test.scenario:1:9",
            message:
                "a connect URL starts with ws:// or wss://; e.g. connect ws://127.0.0.1:8080/wss/ (or connect alone for the target's URL)"
        ),
        Case(
            source: "header X-Token: abc\n", location: "test.scenario:1:1",
            message: "'header' must directly follow a connect statement; put it on the lines right after connect"),
        Case(
            source: "connect ws://h/\n  header X-Token abc\n", location: "test.scenario:2:18",
            message: "expected ':' after the header name 'X-Token', found 'abc'; write header X-Token: VALUE"),
        Case(
            source: "connect\nwait 1s 2s\n", location: "test.scenario:2:9",
            message: "unexpected '2s' after the statement; put each statement on its own line; comments start with #"),
        Case(
            source: "capture = id\n", location: "test.scenario:1:9",
            message:
                "expected a variable name after 'capture', found '='; names are letters, digits and _, e.g. capture eventId = ..."
        ),
        Case(
            source: "ignore u, batchUpdate\n", location: "test.scenario:1:11",
            message: #"unknown server message type 'batchUpdate'; did you mean "batch_update"?"#),
        Case(
            source: "mark \"unterminated\n", location: "test.scenario:1:6",
            message: "the string opened here has no closing '\"'; close it on the same line"),
        Case(
            source: "include \"missing.scenario\"\n", location: "test.scenario:1:9",
            message:
                "cannot read the included file missing.scenario: no such file; the path is relative to the including file's directory"
        ),
        Case(
            source: "expect u where [x == 1\n", location: "test.scenario:1:17",
            message:
                "invalid path '[x': expected a non-negative array index; keys are separated by '.', array elements are [n], e.g. person.relationships[0].name"
        ),
        Case(source: "close 99\n", location: "test.scenario:1:7", message: "a close code must be from 1000 to 4999"),
        // The `server` line (issue 53): the reference server's faults, each value checked by the rules
        // `tapedeck server` applies (ScenarioServer.problem(with:), ServerCommandTests), then the line.
        Case(
            source: "server --drop-of purchaseItem\nconnect\n", location: "test.scenario:1:8",
            message: #"unknown server option '--drop-of'; did you mean "--drop-on"?"#),
        Case(
            source: "server --drop-on purchaseItme\n", location: "test.scenario:1:18",
            message: #"--drop-on purchaseItme is not a client message type; did you mean "purchaseItem"?"#),
        Case(
            source: "server --close-after 5 --close-code 1006\n", location: "test.scenario:1:37",
            message: "--close-code 1006 cannot be sent in a close frame; use 1000-4999 except 1004-1006 and 1015, e.g. 4001"),
        Case(
            source: "server --close-code 4001\n", location: "test.scenario:1:8",
            message: "--close-code applies to --close-after; add --close-after N, the server messages before the close"),
        Case(
            source: "server --refuse-first two\n", location: "test.scenario:1:23",
            message: "--refuse-first takes a whole number, found 'two'; e.g. --refuse-first 5"),
        Case(
            source: "server --refuse-first 2000\n", location: "test.scenario:1:23",
            message: "--refuse-first must be 0-1000 (got 2000)"),
        Case(
            source: "server --drop-after 0\n", location: "test.scenario:1:21",
            message: "--drop-after must be 1 or more (got 0)"),
        Case(
            source: "server --fault-connections 1\n", location: "test.scenario:1:8",
            message:
                "--fault-connections names the connections a fault applies to, and this line has none; add a fault such as --drop-on TYPE or --close-after N"
        ),
        Case(
            source: "server --fault-connections 0,2 --drop-after 3\n", location: "test.scenario:1:28",
            message:
                "--fault-connections takes connection numbers from 1, comma-separated; e.g. --fault-connections 1 (the first connection only) or 1,3"
        ),
        Case(
            source: "server --seed 7\n", location: "test.scenario:1:8",
            message:
                "--seed is not a fault: --reference starts the server itself (a free loopback port, the virtual clock, --seed); the server line takes --drop-after, --delay, --malformed-every, --close-after, --close-code, --drop-on, --fault-connections, --refuse-first"
        ),
        Case(
            source: "server --drop-after 2 --drop-after 3\n", location: "test.scenario:1:23",
            message: "--drop-after is given twice (first at column 8)"),
        Case(
            source: "server --drop-on=claimEvent\n", location: "test.scenario:1:8",
            message: "write the value after a space; --drop-on claimEvent"),
        Case(
            source: "server --drop-after\n", location: "test.scenario:1:20",
            message: "--drop-after needs a value, found the end of the line; write --drop-after VALUE, e.g. --drop-after 5"),
        Case(
            source: "server\n", location: "test.scenario:1:7",
            message:
                "expected a fault option after 'server', found the end of the line; e.g. server --drop-on purchaseItem --fault-connections 1; options: --drop-after, --delay, --malformed-every, --close-after, --close-code, --drop-on, --fault-connections, --refuse-first"
        ),
        Case(
            source: "connect\nserver --refuse-first 1\n", location: "test.scenario:2:1",
            message:
                "the server line must be the scenario's first statement; move it above the other statements of the scenario file (not into a block or an included file)"
        ),
    ]

    @Test(arguments: cases)
    func reportsLocationAndMessage(_ testCase: Case) throws {
        let error = TestSupport.parseError(testCase.source)
        if testCase.message.isEmpty {
            #expect(error == nil, "expected this scenario to parse: \(String(describing: error))")
            return
        }
        let found = try #require(error, "expected a parse error for:\n\(testCase.source)")
        #expect("\(found.location)" == testCase.location)
        #expect(found.summary == "\(testCase.location): error: \(testCase.message)")
    }

    /// A good `server` line: every option, as `--reference` and the scripts read it back.
    @Test func aServerLineParsesIntoTheServersFaults() throws {
        let scenario = try TestSupport.parse(
            "# faults\nserver --drop-on claimEvent --fault-connections 3,1 --delay 20  # the first and third\nconnect\n")
        var expected = ScenarioServer()
        expected.dropOn = "claimEvent"
        expected.faultConnections = [1, 3]
        expected.delayMilliseconds = 20
        #expect(scenario.server == expected)
        #expect(expected.arguments == ["--delay", "20", "--drop-on", "claimEvent", "--fault-connections", "1,3"])
        #expect(scenario.statements.count == 1)
        #expect(try TestSupport.parse("connect\n").server == nil)
    }

    @Test func tableHasAtLeastTwentyBrokenScenarios() {
        #expect(Self.cases.filter { !$0.message.isEmpty }.count >= 20)
    }

    @Test func errorShowsTheLineWithACaretUnderTheOffendingText() throws {
        let error = try #require(TestSupport.parseError("connect\nexpect playerObjct within 2s\n"))
        #expect(
            error.description == """
                test.scenario:2:8: error: unknown server message type 'playerObjct'; did you mean "playerObject"?
                    expect playerObjct within 2s
                           ^^^^^^^^^^^
                """)
    }

    /// A megabyte-long line (a big message body) is shown as a 160-character window around the
    /// error, not whole: the report stays readable and the caret stays under the offending text.
    @Test func aLongLineIsShownAsAWindowAroundTheError() throws {
        let padding = String(repeating: "x", count: 100_000)
        let error = try #require(
            TestSupport.parseError("connect\nsend createCharacter {\"name\": \"\(padding)\", \"age\": oops}\n"))
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 3)
        #expect(lines[1].count <= 4 + 2 + ScenarioParseError.shownWidth, "\(lines[1].count)")
        #expect(lines[1].hasPrefix("    …xxx"))
        let caret = try #require(lines[2].firstIndex(of: "^"))
        let column = lines[2].distance(from: lines[2].startIndex, to: caret)
        let shown = Array(lines[1])
        #expect(String(shown[column..<min(shown.count, column + 4)]) == "oops", "\(error.description)")
    }

    @Test func errorInAnIncludedFileNamesTheIncludingLocation() throws {
        let files = ["dir/steps/shared.scenario": "connect\nsend speed {\"speed\": \"fast\"}\n"]
        let error = try #require(
            TestSupport.parseError("# main\ninclude \"steps/shared.scenario\"\n", file: "dir/main.scenario", files: files))
        #expect("\(error.location)" == "dir/steps/shared.scenario:2:12")
        #expect(error.includedFrom == [SourceLocation(file: "dir/main.scenario", line: 2, column: 1)])
        #expect(error.description.hasSuffix("  included from dir/main.scenario:2:1"))
        #expect(error.message == "the speed body does not match the protocol: message.speed: expected integer, found string")
    }

    @Test func includeCycleIsReported() throws {
        let files = [
            "a.scenario": "include \"b.scenario\"\n",
            "b.scenario": "wait 1s\ninclude \"a.scenario\"\n",
        ]
        let error = try #require(TestSupport.parseError("include \"b.scenario\"\n", file: "a.scenario", files: files))
        #expect("\(error.location)" == "b.scenario:2:9")
        #expect(error.message == "include cycle: a.scenario → b.scenario → a.scenario")
        #expect(error.includedFrom == [SourceLocation(file: "a.scenario", line: 1, column: 1)])
    }

    @Test func unreadableTopLevelFileIsAnError() {
        let parser = ScenarioParser(loader: InMemoryScenarioLoader([:]))
        #expect(throws: ScenarioParseError.self) { try parser.parse(file: "nothing.scenario") }
    }
}
