import Foundation
import TapedeckInvestigation
import TapedeckTestFixtures
import TestSupport
import Testing

/// Acceptance: the HTML report opens in headless Chromium with no console errors and draws its
/// charts. Runs where Chromium is found (`make report-deps` installs it); with
/// TAPEDECK_REQUIRE_CHROMIUM=1 (as `make test` sets) a missing Chromium fails instead.
@Suite(
    .enabled(if: HeadlessChromium.found != nil || HeadlessChromium.required, "no chromium: run `make report-deps`"),
    .ownThread)
struct ReportChromiumTests {
    typealias T = BaoLifeMessages

    static let fixtureTape = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TapedeckTapeTests/Fixtures/baolife-session.tape").path

    /// A session tape of the corpus: a drop, the app's backoff, a reconnect (issue 53).
    static let sessionTape = ChildProcess.repositoryRoot + "/Recordings/drop-reconnect.tape"

    func chromium() throws -> HeadlessChromium {
        guard let found = HeadlessChromium.found else { throw MissingChromium() }
        return found
    }

    struct MissingChromium: Error, CustomStringConvertible {
        var description: String {
            "TAPEDECK_REQUIRE_CHROMIUM=1 but no chromium was found (PATH, TAPEDECK_CHROMIUM); run `make report-deps`"
        }
    }

    /// Renders the report of `tapes` into the temp folder and returns the page's path.
    func page(_ report: SessionReport, in tapes: TestTapes) throws -> String {
        let path = tapes.directory + "/report.html"
        try Data(ReportPage.render(report).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func open(_ url: String, with browser: HeadlessChromium) async throws -> DumpedDOM {
        let run = try await browser.dumpDOM(url)
        #expect(run.status == 0, "chromium exited \(run.status): \(run.stderr.suffix(2000))")
        #expect(DumpedDOM.consoleLines(run.stderr).isEmpty, "console: \(DumpedDOM.consoleLines(run.stderr))")
        return DumpedDOM(html: run.stdout)
    }

    @Test func theFixtureReportDrawsItsChartsWithoutErrors() async throws {
        let browser = try chromium()
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let report = try SessionReportBuilder().build(tapePaths: [Self.fixtureTape])
        #expect(report.samples.count >= 5)
        let dom = try await open("file://" + (try page(report, in: tapes)), with: browser)
        let root = try #require(dom.attributes(of: "html"), "no <html> in the DOM dump")
        #expect(root["data-report-ready"] == "1")
        #expect(
            root["data-js-errors"] == "0",
            "errors: \(dom.html.components(separatedBy: "id=\"js-errors\"").last?.prefix(800) ?? "")")
        #expect(root["data-alerts"] == nil)
        #expect(root["data-charts-drawn"] == "3")
        for series in ["energy", "money", "diamonds"] {
            let canvas = try #require(dom.attributes(of: "canvas", containing: "id=\"chart-\(series)\""))
            #expect(canvas["data-points"] == String(report.samples.count), "\(series)")
        }
        let table = try #require(dom.attributes(of: "table", containing: "id=\"timeline-table\""))
        #expect(table["data-visible-rows"] == String(report.recordCount))
        #expect(table["data-page-rows"] == String(min(report.recordCount, 200)))
    }

    @Test func aTypeFilterInTheURLShowsOnlyThoseRows() async throws {
        let browser = try chromium()
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let report = try SessionReportBuilder().build(tapePaths: [Self.fixtureTape])
        let url = "file://" + (try page(report, in: tapes))
        let updates = report.rows.count(where: { $0.type == "u" })
        let clientUpdates = report.rows.count(where: { $0.type == "u" && $0.direction == "c2s" })
        let claimsAndUpdates = report.rows.count(where: { $0.type == "u" || $0.type == "claimEvent" })
        #expect(updates > 0 && claimsAndUpdates > updates && updates < report.rows.count)
        for (hash, expected) in [
            ("#type=u", updates), ("#type=u&dir=c2s", clientUpdates), ("#type=u,claimEvent", claimsAndUpdates),
        ] {
            let dom = try await open(url + hash, with: browser)
            let table = try #require(dom.attributes(of: "table", containing: "id=\"timeline-table\""))
            #expect(table["data-visible-rows"] == String(expected), "\(hash)")
            #expect(table["data-page-rows"] == String(expected), "\(hash)")
            #expect(dom.html.components(separatedBy: "<tr id=\"row-").count - 1 == expected, "\(hash)")
            #expect(dom.attributes(of: "html")?["data-js-errors"] == "0")
        }
    }

    @Test func aHostileTapeStaysTextAndItsFailureIsShown() async throws {
        let browser = try chromium()
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let path = try tapes.tape(
            "evil",
            [
                T.playerObject(), T.update(energy: 95, hour: 8, minute: 30),
                T.lifeEvent("ev-x", text: T.injection, date: T.reportDate),
                "#<img src=x onerror=alert(2)>", T.claimResult("ghost"), T.update(energy: 90, hour: 9, minute: 0),
            ])
        let report = try SessionReportBuilder().build(tapePaths: [path])
        #expect(report.failure?.signature == "invariant claimResult.answersClaim")
        let dom = try await open("file://" + (try page(report, in: tapes)), with: browser)
        let root = try #require(dom.attributes(of: "html"))
        #expect(root["data-js-errors"] == "0")
        #expect(root["data-alerts"] == nil, "an injected script ran")
        #expect(root["data-charts-drawn"] == "3")
        #expect(dom.html.components(separatedBy: "<img").count == 1, "an injected element was created")
        // The hostile text is on the page as text (serialised escaped by the DOM dump).
        #expect(dom.html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(dom.html.contains("&lt;img src=x onerror=alert(2)&gt;"))
        let failureRow = try #require(dom.attributes(of: "tr", containing: "id=\"row-\(report.failure!.row)\""))
        #expect(failureRow["class"] == "fail")
    }

    /// The report of a session tape shows each connection as a lane on tape time: the first
    /// dropped (no close frame), the gap of the app's backoff, the second closed by the app; the
    /// timeline has a connection column and its filter keeps one connection's rows; the charts
    /// are on tape time, as the game clock stands still over this one-second session.
    @Test func aSessionTapeShowsTwoConnectionLanesWithTheDropAndTheReconnect() async throws {
        let browser = try chromium()
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let report = try SessionReportBuilder().build(tapePaths: [Self.sessionTape])
        try #require(report.connections.count == 2, "\(report.connections)")
        let (first, second) = (report.connections[0], report.connections[1])
        #expect(first.id == 1 && second.id == 2)
        #expect(first.end.name == "dropped", "\(first.end)")
        #expect(second.end == .closed(code: 1000, direction: "c2s"))
        let gap = try #require(second.gapBefore)
        #expect(gap >= 1_000_000_000 && gap < 2_000_000_000, "the app's backoff is 1 s: \(gap)")
        #expect(report.chartAxis == .tape)
        let secondRows = report.rows.count(where: { $0.connection == 2 })
        #expect(secondRows > 0 && secondRows < report.rows.count)

        let url = "file://" + (try page(report, in: tapes))
        let dom = try await open(url + "#conn=2", with: browser)
        let root = try #require(dom.attributes(of: "html"))
        #expect(root["data-report-ready"] == "1")
        #expect(root["data-js-errors"] == "0")
        #expect(root["data-charts-drawn"] == "3")
        let lanes = dom.html.components(separatedBy: "<div class=\"lane\"").dropFirst().map { String($0.prefix(300)) }
        #expect(lanes.count == 2, "\(lanes)")
        let dropped = try #require(dom.attributes(of: "div", containing: "data-connection=\"1\""))
        #expect(dropped["data-end"] == "dropped")
        #expect(dropped["data-gap-ms"] == nil)
        let reconnect = try #require(dom.attributes(of: "div", containing: "data-connection=\"2\""))
        #expect(reconnect["data-end"] == "closed")
        #expect(reconnect["data-gap-ms"] == String(gap / 1_000_000))
        #expect(dom.html.contains("⚡ dropped") && dom.html.contains("✕ 1000"))
        #expect(dom.html.contains("closed 1000 by the client"))
        let energy = try #require(dom.attributes(of: "canvas", containing: "id=\"chart-energy\""))
        #expect(energy["data-axis"] == "tape")
        #expect(energy["data-points"] == String(report.samples.count))
        // `#conn=2` keeps the reconnect's rows only, each with its connection in the new column.
        let table = try #require(dom.attributes(of: "table", containing: "id=\"timeline-table\""))
        #expect(table["data-visible-rows"] == String(secondRows))
        #expect(dom.html.components(separatedBy: "<tr id=\"row-").count - 1 == secondRows)
        #expect(dom.html.contains("<th>conn</th>"))
    }
}
