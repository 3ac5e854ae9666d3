import Foundation
import TapedeckChecks
import TapedeckCore
import TapedeckInvestigation
import TapedeckProtocol
import TapedeckReplay
import TapedeckTestFixtures
import TestSupport
import Testing

@Suite struct ReportModelTests {
    typealias T = BaoLifeMessages

    /// 0 open, 1 u (no date yet), 2 playerObject, 3 u, 4 the same u again, 5 messageEvent,
    /// 6 claimEvent (c2s), 7 claimResult, 8 u, 9 marker.
    static let session = [
        T.update(energy: 99, hour: 7, minute: 50), T.playerObject(), T.update(energy: 99, hour: 8, minute: 10),
        T.update(energy: 99, hour: 8, minute: 10), T.lifeEvent("ev-1", date: T.reportDate), T.claim("ev-1"),
        T.claimResult("ev-1"),
        T.update(energy: 97, money: 555, hour: 9, minute: 0), "#after claim",
    ]
    /// 2025-06-01 00:00 in game minutes since 1970-01-01.
    static let june1: Int64 = 20240 * 1440

    @Test func gameClockCountsMinutesOfTheGameCalendar() {
        #expect(GameClock.daysSince1970("1970-01-01") == 0)
        #expect(GameClock.daysSince1970("1969-12-31") == -1)
        #expect(GameClock.daysSince1970("2000-02-29") == 11016)
        #expect(GameClock.daysSince1970("2025-06-01") == 20240)
        #expect(GameClock.daysSince1970("2025-02-29") == nil)
        #expect(GameClock.daysSince1970("2025-6-01") == nil)
        #expect(GameClock.daysSince1970("") == nil)
        #expect(GameClock.minutes(date: "2025-06-01", hourOfDay: 8, minuteOfHour: 10) == Self.june1 + 490)
        // Out-of-range values wrap as the app's clock shows them.
        #expect(GameClock.minutes(date: "2025-06-01", hourOfDay: 25, minuteOfHour: -5) == Self.june1 + 60 + 55)
    }

    @Test func samplesFollowTheGameClockAfterEachStateChange() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let report = try SessionReportBuilder().build(tapePaths: [try tapes.tape("s", Self.session)])
        // Records 0 and 1 change the state before the game has a date; 4, 5 and 7 change nothing
        // the charts show; the claim at 6 adds the event's 50 to the money optimistically.
        #expect(report.samplesWithoutClock == 2)
        #expect(
            report.samples == [
                ChartSample(
                    row: 2, gameMinute: Self.june1 + 480, tapeTime: 2_000_000_000, energy: 100, money: 500, diamonds: 10),
                ChartSample(
                    row: 3, gameMinute: Self.june1 + 490, tapeTime: 3_000_000_000, energy: 99, money: 500, diamonds: 10),
                ChartSample(
                    row: 6, gameMinute: Self.june1 + 490, tapeTime: 6_000_000_000, energy: 99, money: 550, diamonds: 10),
                ChartSample(
                    row: 8, gameMinute: Self.june1 + 540, tapeTime: 8_000_000_000, energy: 97, money: 555, diamonds: 10),
            ])
        #expect(report.recordCount == 10)
        #expect(report.failure == nil)
        #expect(report.finalDigest.count == 64)
        #expect(report.tapes.first?.messages == 8)
        #expect(report.tapes.first?.labels == ["device=sim", "scenario=report-test"])
        #expect(report.tapes.first?.duration == 9_000_000_000)
    }

    /// A session tape's connections are lanes on its time (issue 53): Recordings/refused-then-
    /// accepted.tape is refused twice, with the app's backoffs of 1 s and 2 s, then plays.
    @Test func aSessionTapesConnectionsAreLanesWithTheirEndsAndGaps() throws {
        let report = try SessionReportBuilder().build(
            tapePaths: [ChildProcess.repositoryRoot + "/Recordings/refused-then-accepted.tape"])
        #expect(report.connections.map(\.id) == [1, 2, 3])
        #expect(report.connections.map(\.end.name) == ["refused", "refused", "closed"])
        #expect(report.connections[0].end.text.hasPrefix("refused: upgrade failed: upstream answered 503"))
        #expect(report.connections.map { $0.opened == nil } == [true, true, false])
        let gaps = report.connections.map { $0.gapBefore.map { Int($0 / 100_000_000) } }
        #expect(gaps == [nil, 10, 20], "tenths of a second: \(gaps)")
        #expect(report.connections[2].messages > 5)
        #expect(report.rows.map(\.connection).first == 1 && report.rows.map(\.connection).last == 3)
    }

    @Test func typeAndDirectionCountsCoverTheSessionAndTheEmbeddedRows() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let limits = ReportLimits(leadingRows: 3, rowsAroundFailure: 1, trailingRows: 2)
        let report = try SessionReportBuilder(limits: limits).build(tapePaths: [try tapes.tape("s", Self.session)])
        #expect(report.embeddedRanges == [0...2, 8...9])
        #expect(report.rows.map(\.index) == [0, 1, 2, 8, 9])
        #expect(
            report.typeCounts.map(\.name) == ["u", "claimEvent", "claimResult", "marker", "messageEvent", "open", "playerObject"])
        #expect(report.typeCounts.map(\.total) == [4, 1, 1, 1, 1, 1, 1])
        #expect(report.typeCounts.map(\.embedded) == [2, 0, 0, 1, 0, 1, 1])
        #expect(
            report.directionCounts == [
                SessionReport.Count(name: "c2s", total: 2, embedded: 1), SessionReport.Count(name: "s2c", total: 7, embedded: 3),
                SessionReport.Count(name: "note", total: 1, embedded: 1),
            ])
        let update = try #require(report.rows.first { $0.index == 8 })
        #expect(update.type == "u" && update.direction == "s2c" && update.tapeTime == 8_000_000_000)
        #expect(update.summary == #"{"energy":97,"hourOfDay":9,"minuteOfHour":0,"money":555}"#)
        #expect(update.detail?.contains("\"money\": 555") == true)
        #expect(report.rows.last?.summary == "after claim")
        let html = ReportPage.render(report)
        #expect(
            html.contains("This page holds 5 of the session&#39;s 10 records")
                || html.contains("This page holds 5 of the session's 10 records"))
        #expect(html.contains("session record numbers 0–2, 8–9"))
        #expect(html.contains("value=\"u\" checked> u <span class=\"count\">4 [2]</span>"))
    }

    @Test func theCoverageTableIsWhatTapedeckCoverageCounts() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let path = try tapes.tape("s", Self.session)
        let report = try SessionReportBuilder().build(tapePaths: [path])
        #expect(report.coverage.items == (try CoverageCounter.measure(tapes: [path])).items)
        func item(_ name: String) -> [Int?] {
            report.coverage.items.first { $0.name == name }.map { [$0.count, $0.firstRecord] } ?? []
        }
        #expect(item("update.fieldsPresent") == [4, 1])
        #expect(item("claimEvent.optimistic") == [1, 6])
        #expect(item("claimResult.confirms") == [1, 7])
        #expect(item("claimResult.rollsBack") == [0, nil])

        let page = ReportPage.render(report)
        #expect(page.contains("<section id=\"coverage\">"))
        #expect(
            page.contains(
                "<tr class=\"coverage-row\" data-kind=\"rule\" data-count=\"1\"><td><code>claimResult.confirms</code></td>"
                    + "<td>client rule</td><td>1</td><td>record 7</td></tr>"))
        #expect(page.contains("Never exercised: <code>batchUpdate.fieldsPresent</code>, <code>playerObject.clearsError</code>, "))
    }

    @Test func theFirstFailureIsTheOneReproFindsWithTheRecordsAroundIt() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let path = try tapes.tape("bug", Self.session + [T.claimResult("ghost"), T.update(energy: 90, hour: 9, minute: 10)])
        let limits = ReportLimits(leadingRows: 2, rowsAroundFailure: 1, trailingRows: 0, failureContext: 2)
        let report = try SessionReportBuilder(limits: limits).build(tapePaths: [path])
        let failure = try #require(report.failure)
        #expect(failure.row == 10)
        #expect(failure.signature == "invariant claimResult.answersClaim")
        #expect(failure.position == "record 10 (t=10.000s)")
        #expect(failure.around.map(\.index) == [8, 9, 10, 11])
        #expect(failure.message?.contains("\"eventId\": \"ghost\"") == true)
        #expect(report.embeddedRanges == [0...1, 9...11])
        let repro = try #require(try ReproSetup.search(forTape: path, until: nil).find(in: ReproTape.load(path)))
        #expect(repro.index == failure.row && repro.kind.signature == failure.signature)
    }

    @Test func checkpointsAreJudgedAgainstTheirGoldens() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let path = try tapes.tape("cp", Self.session)
        try tapes.write(
            """
            start: first playerObject
            claimed: marker "after claim"
            late: record 8
            never: marker "nope"
            """, to: "cp.checkpoints")
        try tapes.golden(forTape: path, checkpoint: "start", afterRecord: 2)
        try tapes.golden(forTape: path, checkpoint: "claimed", afterRecord: 9, energy: 42)
        let report = try SessionReportBuilder().build(tapePaths: [path])
        #expect(report.checkpoints.map(\.name) == ["start", "claimed", "late", "never"])
        #expect(report.checkpoints.map(\.outcome.label) == ["pass", "fail", "no golden", "not reached"])
        #expect(report.checkpoints[0].position == "after record 2 (t=2.000s)")
        guard case .failed(let lines, let paths) = report.checkpoints[1].outcome else {
            Issue.record("claimed should fail")
            return
        }
        #expect(paths == ["gameState.energy"])
        #expect(lines.contains("−   energy: 42") && lines.contains("+   energy: 97"))
        #expect(report.checkpoints[3].outcome == .notReached("not reached: the tape ends first"))
        // The mismatch is also the first failure, as `tapedeck repro` reports it.
        #expect(report.failure?.signature == "checkpoint claimed differs from its golden")
        #expect(report.failure?.row == 9)
        let html = ReportPage.render(report)
        #expect(html.contains("<span class=\"del\">−   energy: 42</span>"))
        #expect(html.contains("1 of 4 match their goldens"))
    }

    @Test func severalTapesAreOneSessionButFailPerTape() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let first = try tapes.tape("one", Self.session)
        let second = try tapes.tape("two", [T.update(energy: 80, hour: 10, minute: 0), T.claimResult("ghost")])
        let report = try SessionReportBuilder().build(tapePaths: [first, second])
        #expect(report.recordCount == 13)
        #expect(report.tapes.map(\.records) == [10, 3])
        #expect(report.failure?.tape == 1)
        #expect(report.failure?.row == 12)
        // The second tape's update is on the charts: the session kept the first tape's game date,
        // and its time goes on from the first tape's end (9 s) by its own 1 s.
        #expect(
            report.samples.last
                == ChartSample(
                    row: 11, gameMinute: Self.june1 + 600, tapeTime: 10_000_000_000, energy: 80, money: 555, diamonds: 10))
        #expect(report.rows.map(\.tape) == Array(repeating: 0, count: 10) + [1, 1, 1])
        #expect(report.rows.map(\.record).suffix(3) == [0, 1, 2])
    }

    @Test func everythingFromTheTapeIsEscaped() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let path = try tapes.tape(
            "evil",
            [
                T.playerObject(), T.lifeEvent("ev-x", text: T.injection, date: T.reportDate), "#<img src=x onerror=alert(2)>",
                #"{"type":"u","message":{"energy":"\#(T.injection)"}}"#,
            ])
        let report = try SessionReportBuilder().build(tapePaths: [path])
        #expect(report.failure?.signature.hasPrefix("decode error s2c message.energy") == true)
        let html = ReportPage.render(report)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(html.components(separatedBy: "<script").count - 1 == 3)
        #expect(html.components(separatedBy: "</script>").count - 1 == 3)
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"#))
        // The embedded data still reads back as the tape's own text.
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try JSONValue.parse(Array(html[start.upperBound..<end.lowerBound].utf8))
        guard case .object(let fields) = data, case .array(let rows)? = fields["rows"] else {
            Issue.record("no rows")
            return
        }
        let summaries = rows.compactMap { row -> String? in
            guard case .array(let columns) = row, case .string(let summary) = columns[6] else { return nil }
            return summary
        }
        #expect(summaries.contains { $0.contains(T.injection) })
        #expect(summaries.contains("<img src=x onerror=alert(2)>"))
    }

    @Test func theSameTapesGiveTheSameBytes() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let path = try tapes.tape("same", Self.session + [T.claimResult("ghost")])
        try tapes.write("claimed: marker \"after claim\"\n", to: "same.checkpoints")
        try tapes.golden(forTape: path, checkpoint: "claimed", afterRecord: 9, energy: 1)
        let first = ReportPage.render(try SessionReportBuilder().build(tapePaths: [path]))
        let second = ReportPage.render(try SessionReportBuilder().build(tapePaths: [path]))
        #expect(Array(first.utf8) == Array(second.utf8))
        #expect(first.contains("checkpoint claimed differs from its golden"))
    }

    @Test func badInputSaysWhatAndWhere() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        #expect(throws: ReproError.self) { try SessionReportBuilder().build(tapePaths: [tapes.directory + "/missing.tape"]) }
        let path = try tapes.tape("bad", Self.session)
        try tapes.write("oops record x\n", to: "bad.checkpoints")
        do {
            _ = try SessionReportBuilder().build(tapePaths: [path])
            Issue.record("a bad checkpoint file must be an error")
        } catch {
            #expect(error.description.contains("bad.checkpoints:1:"))
        }
    }
}
