import TapedeckChecks
import TapedeckProtocol
import TapedeckReplay
import TapedeckTape
import Testing

/// `ClientVerifier`, the judge of `tapedeck serve --verify`, without a network: what a client
/// sends, against a two-connection recording, and the findings it gives.
struct ClientVerifierTests {
    /// Records: 0 open, 1 greeting, 2 createCharacter, 3 answer, 4 setFocus, 5 answer, 6 swipe,
    /// 7 answer; connection 1: 8 open, 9 requestStatistics, 10 answer.
    static let records: [TapeRecord] = {
        var time: UInt64 = 0
        func record(_ connection: UInt32, _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, _ text: String = "")
            -> TapeRecord
        {
            time += 1000
            return TapeRecord(time: time, connection: connection, direction: direction, kind: kind, payload: Array(text.utf8))
        }
        return [
            record(7, .c2s, .open),
            record(7, .s2c, .text, #"{"type":"playerObject","message":{}}"#),
            record(7, .c2s, .text, #"{"type":"createCharacter","message":{"name":"Mei","at":1,"tags":[{"id":"a","v":1}]}}"#),
            record(7, .s2c, .text, #"{"type":"u","message":{"energy":100}}"#),
            record(7, .c2s, .text, #"{"type":"setFocus","message":{"focus":"career"}}"#),
            record(7, .s2c, .text, #"{"type":"u","message":{"energy":90}}"#),
            record(7, .c2s, .text, #"{"type":"swipe","message":{"personId":"p1"}}"#),
            record(7, .s2c, .text, #"{"type":"matchResult","message":{}}"#),
            record(9, .c2s, .open),
            record(9, .c2s, .text, #"{"type":"requestStatistics","message":{}}"#),
            record(9, .s2c, .text, #"{"type":"playerStatistics","message":{}}"#),
        ]
    }()

    static let create = #"{"type":"createCharacter","message":{"name":"Mei","at":1,"tags":[{"id":"a","v":1}]}}"#
    static let focus = #"{"type":"setFocus","message":{"focus":"career"}}"#
    static let swipe = #"{"type":"swipe","message":{"personId":"p1"}}"#
    static let statistics = #"{"type":"requestStatistics","message":{}}"#

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var connections: [[String]]
        var ignoring: [String] = []
        /// Each finding's summary, in the verdict's order.
        var findings: [String]
        /// Every recorded client message reached (matched or skipped), so the run ends by itself.
        var complete = true
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the recorded client side", connections: [[create, focus, swipe], [statistics]], findings: []),
        Case(
            name: "a changed field",
            connections: [[create, #"{"type":"setFocus","message":{"focus":"health"}}"#, swipe], [statistics]],
            findings: ["connection 1, record 4: setFocus (send #2) was sent with changed fields"]),
        Case(
            name: "an added field is a change",
            connections: [[create, #"{"type":"setFocus","message":{"focus":"career","extra":true}}"#, swipe], [statistics]],
            findings: ["connection 1, record 4: setFocus (send #2) was sent with changed fields"]),
        Case(
            name: "an ignored key at the top",
            connections: [[create.replacingOccurrences("\"at\":1", "\"at\":2"), focus, swipe], [statistics]],
            ignoring: ["at"], findings: []),
        Case(
            name: "an ignored key inside any array element",
            connections: [[create.replacingOccurrences("\"v\":1", "\"v\":5"), focus, swipe], [statistics]],
            ignoring: ["tags[*].v"], findings: []),
        Case(
            name: "an ignored key at any depth",
            connections: [[create.replacingOccurrences("\"v\":1", "\"v\":5"), focus, swipe], [statistics]],
            ignoring: ["*.v"], findings: []),
        Case(
            name: "an ignore pattern elsewhere does not hide a change",
            connections: [[create.replacingOccurrences("\"v\":1", "\"v\":5"), focus, swipe], [statistics]],
            ignoring: ["tags[1].v", "*.id"],
            findings: ["connection 1, record 2: createCharacter (send #1) was sent with changed fields"]),
        Case(
            name: "a skipped message is missing, the next one matches", connections: [[create, swipe], [statistics]],
            findings: ["connection 1, record 4: setFocus was never sent"]),
        Case(
            name: "an extra message is unexpected", connections: [[create, statistics, focus, swipe], [statistics]],
            findings: [
                "connection 1, send #2: unexpected requestStatistics; the recording's next client message is setFocus (record 4)"
            ]),
        Case(
            name: "a message after the last is unexpected", connections: [[create, focus, swipe, focus], [statistics]],
            findings: ["connection 1, send #4: unexpected setFocus; the recording has no more client messages on this connection"]
        ),
        Case(
            name: "the message matched just before, sent again, is a repeat, not the next one changed",
            connections: [[create, focus, focus, swipe], [statistics]],
            findings: ["connection 1, send #3: setFocus sent again; the recording sent it once (record 4)"]),
        Case(
            name: "a skipped message sent late is out of order, no longer missing",
            connections: [[create, swipe, focus], [statistics]],
            findings: [
                "connection 1, record 4: setFocus (send #3) was sent out of order, after a later recorded message"
            ]),
        Case(
            name: "the reference server's clock control is not judged",
            connections: [[create, #"{"type":"advance","message":{"seconds":60}}"#, focus, swipe], [statistics]], findings: []),
        Case(
            name: "a connection never opened", connections: [[create, focus, swipe]],
            findings: ["connection 2, record 9: requestStatistics was never sent"], complete: false),
        Case(
            name: "a connection too many", connections: [[create, focus, swipe], [statistics], []],
            findings: ["connection 3: the tape recorded 2 connections; this one was closed"]),
        Case(
            name: "nothing sent", connections: [[]],
            findings: [
                "connection 1, record 2: createCharacter was never sent", "connection 1, record 4: setFocus was never sent",
                "connection 1, record 6: swipe was never sent", "connection 2, record 9: requestStatistics was never sent",
            ], complete: false),
    ]

    @Test(arguments: cases) func verdict(of testCase: Case) throws {
        var verifier = ClientVerifier(
            records: Self.records, ignoring: try SnapshotFilter(ignoring: testCase.ignoring))
        for sends in testCase.connections {
            guard let connection = verifier.connect()?.connection else { continue }
            for send in sends { _ = verifier.receive(Array(send.utf8), on: connection) }
        }
        #expect(verifier.verdict.findings.map(\.summary) == testCase.findings)
        #expect(verifier.verdict.passed == testCase.findings.isEmpty)
        #expect(verifier.isComplete == testCase.complete)
    }

    /// The replay socket's lockstep: a recorded message due and not sent is given up as missing; a
    /// late send of it is then out of order; one reached already is no longer awaited.
    @Test func aRecordedMessageGivenUpIsMissingUntilItComesLate() {
        var verifier = ClientVerifier(records: Self.records)
        _ = verifier.connect()
        #expect(verifier.awaits(record: 2, on: 1))
        #expect(verifier.judge(Array(Self.create.utf8), on: 1) == [])
        #expect(!verifier.awaits(record: 2, on: 1))
        #expect(verifier.giveUp(record: 2, on: 1) == [])
        #expect(verifier.giveUp(record: 4, on: 1).map(\.summary) == ["connection 1, record 4: setFocus was never sent"])
        #expect(verifier.awaits(record: 4, on: 1))
        #expect(verifier.judge(Array(Self.swipe.utf8), on: 1) == [])
        #expect(
            verifier.judge(Array(Self.focus.utf8), on: 1).map(\.summary) == [
                "connection 1, record 4: setFocus (send #3) was sent out of order, after a later recorded message"
            ])
        #expect(
            verifier.verdict.connections[0].findings.map(\.summary) == [
                "connection 1, record 4: setFocus (send #3) was sent out of order, after a later recorded message"
            ])
        #expect(!verifier.awaits(record: 99, on: 1) && !verifier.awaits(record: 2, on: 5))
    }

    @Test func eachConnectionGetsItsOwnGreetingAndAnswers() {
        var verifier = ClientVerifier(records: Self.records)
        let first = verifier.connect()
        #expect(first?.connection == 1)
        #expect(first?.greeting.map(\.event) == [.message(Array(#"{"type":"playerObject","message":{}}"#.utf8))])
        #expect(
            verifier.receive(Array(Self.create.utf8), on: 1).map(\.event) == [
                .message(Array(#"{"type":"u","message":{"energy":100}}"#.utf8))
            ])
        // Unexpected: no answer.
        #expect(verifier.receive(Array(Self.statistics.utf8), on: 1).isEmpty)
        let second = verifier.connect()
        #expect(second?.connection == 2)
        #expect(second?.greeting.isEmpty == true)
        #expect(
            verifier.receive(Array(Self.statistics.utf8), on: 2).map(\.event)
                == [.message(Array(#"{"type":"playerStatistics","message":{}}"#.utf8))])
    }

    @Test func aChangeIsShownRecordedAgainstSent() {
        var verifier = ClientVerifier(records: Self.records)
        _ = verifier.connect()
        _ = verifier.receive(Array(Self.create.utf8), on: 1)
        _ = verifier.receive(Array(#"{"type":"setFocus","message":{"focus":"health"}}"#.utf8), on: 1)
        #expect(
            verifier.verdict.findings.first?.report
                == """
                connection 1, record 4: setFocus (send #2) was sent with changed fields
                    recorded: −, sent: +
                    − focus: "career"
                    + focus: "health"
                """)
    }

    @Test func junitHasACasePerRecordedMessageAndPerUnexpectedSend() {
        var verifier = ClientVerifier(records: Self.records)
        _ = verifier.connect()
        _ = verifier.receive(Array(Self.create.utf8), on: 1)
        _ = verifier.receive(Array(#"{"type":"x<&>","message":{}}"#.utf8), on: 1)
        let xml = verifier.verdict.junitXML(name: "serve \"a\"")
        #expect(
            xml.hasPrefix(
                #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                    + #"<testsuites name="serve &quot;a&quot;" tests="5" failures="4" errors="0" skipped="0">"#))
        #expect(xml.contains(#"<testcase classname="connection 1" name="record 2 createCharacter"/>"#))
        #expect(
            xml.contains(
                #"name="connection 1, send #2: unexpected x&lt;&amp;&gt;; the recording&#39;s next client message is setFocus (record 4)""#
            ))
        #expect(xml.hasSuffix("</testsuites>\n"))
    }

    /// A session tape: a refused upgrade, then a connection the client drops out of, then a
    /// reconnect that only takes in the server's resync. Each attempt counts, the refusal is
    /// known by its status, and a client that never reconnects has a finding for the resync it
    /// never opened (it has no client message to be missing).
    @Test func aSessionTapesRefusalAndAReconnectWithoutClientMessages() {
        let records = [
            TapeRecord(
                time: 1, connection: 1, direction: .note, kind: .error,
                payload: Array("upgrade failed: upstream answered 503 Service Unavailable".utf8)),
            TapeRecord(time: 2, connection: 2, direction: .c2s, kind: .open),
            TapeRecord(time: 3, connection: 2, direction: .c2s, kind: .text, payload: Array(Self.statistics.utf8)),
            TapeRecord(
                time: 4, connection: 2, direction: .note, kind: .error,
                payload: Array("server connection ended without a close frame".utf8)),
            TapeRecord(time: 5, connection: 3, direction: .c2s, kind: .open),
            TapeRecord(
                time: 6, connection: 3, direction: .s2c, kind: .text,
                payload: Array(#"{"type":"playerObject","message":{}}"#.utf8)),
        ]
        var verifier = ClientVerifier(records: records)
        #expect(verifier.refusal(of: 1)?.status == 503)
        #expect(verifier.refusal(of: 2) == nil)
        #expect(verifier.connect()?.connection == 1)
        #expect(verifier.connect()?.greeting == [])
        #expect(
            verifier.receive(Array(Self.statistics.utf8), on: 2)
                == [.init(delay: 1, event: .drop(reason: "server connection ended without a close frame"))])
        #expect(verifier.verdict.findings == [.notOpened(connection: 3)])
        #expect(verifier.verdict.text.hasSuffix("connection 3: the tape recorded this connection; the client never opened it"))
        _ = verifier.connect()
        #expect(verifier.verdict.passed)
        #expect(verifier.isComplete)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
