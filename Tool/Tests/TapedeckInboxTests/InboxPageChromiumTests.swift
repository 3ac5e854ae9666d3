import Foundation
import TapedeckCore
import TapedeckInbox
import TapedeckTestFixtures
import TestSupport
import Testing

/// Acceptance: the team's page read in headless Chromium (driven by Playwright, as a person would
/// click through it): the login form, the groups by count with the chart, a group, a report, its
/// session report and its tape, with no console errors. TAPEDECK_INBOX_SCREENSHOT=PATH saves the
/// groups page (docs/REPRO.md's picture).
@Suite(
    .enabled(if: HeadlessChromium.found != nil || HeadlessChromium.required, "no chromium: run `make report-deps`"),
    .ownThread)
struct InboxPageChromiumTests {
    typealias Tapes = ReportTapes

    @Test func aTeamMemberLogsInAndReadsGroupsReportsAndTheirTapes() async throws {
        try #require(HeadlessChromium.found != nil, "no chromium: run `make report-deps`")
        try Peers.requirePython()
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let today = Tapes.day20000 + 10 * 3_600_000
        // Six reports of the bug over the last six days, two with nothing wrong: the chart has bars.
        let uploads: [(daysAgo: Int64, buggy: Bool)] = [
            (5, true), (4, false), (3, true), (2, true), (1, true), (0, true), (0, true), (0, false),
        ]
        for (seed, upload) in uploads.enumerated() {
            let messages = upload.buggy ? Tapes.decodeBug(seed: seed) : Tapes.healthy(seed: seed)
            let note = upload.buggy ? "energy bar vanished \(seed)" : "felt slow"
            let answer = await store.intake(now: today - upload.daysAgo * 86_400_000 + Int64(seed) * 60_000).receive(
                authorization: "Bearer " + InboxTestStore.uploadToken, contentType: UploadIntake.contentType,
                body: try Tapes.bytes(messages, note: note, version: upload.buggy ? "1.5" : "1.4.2"))
            #expect(answer.status == 201)
        }
        let intake = store.intake(now: today)
        _ = try await store.worker("w", now: { today }).drain()
        let server = try await InboxServer.start(
            host: "127.0.0.1", port: 0, routes: InboxRoutes(intake: intake, secure: false), limit: intake.limit, tls: nil)
        var arguments = [
            Peers.script("TapedeckInboxTests", "inbox_page.py"), "http://127.0.0.1:\(server.port)/", InboxTestStore.readToken,
        ]
        if let screenshot = ProcessInfo.processInfo.environment["TAPEDECK_INBOX_SCREENSHOT"] {
            arguments += ["--screenshot", screenshot]
        }
        let browser = try await ChildProcess.run(ChildProcess.python, arguments, seconds: 180)
        await server.close()
        try #require(browser.status == 0, "inbox_page.py failed: \(browser.standardError)")
        let seen = try JSONValue.parse(Array(browser.standardOutput.utf8))
        #expect(seen.value(at: "anonymousStatus") == .int(401))
        #expect(seen.value(at: "loginForm") == .int(1))
        #expect(seen.value(at: "wrongTokenMessage") == .string("That is not a read token of this inbox."))
        #expect(seen.value(at: "queue") == .string("8 reports: 8 triaged, 0 being triaged, 0 waiting."))
        guard case .array(let groups)? = seen.value(at: "groups"), groups.count == 2 else {
            Issue.record("groups: \(browser.standardOutput)")
            return
        }
        #expect(groups[0] == .array([.string("6"), .string(TriageWorkerTests.decodeSignature), .string("1.5 (311)")]))
        #expect(groups[1] == .array([.string("2"), .string(ReportTriage.noFailure), .string("1.4.2 (311)")]))
        guard case .array(let bars)? = seen.value(at: "bars") else { return }
        #expect(bars.count == 30)
        #expect(bars.suffix(6) == [.int(1), .int(1), .int(1), .int(1), .int(1), .int(3)])
        #expect(bars.prefix(24).allSatisfy { $0 == .int(0) })
        #expect(seen.value(at: "groupSignature") == .string(TriageWorkerTests.decodeSignature))
        #expect(seen.value(at: "groupReports") == .int(6))
        #expect(seen.value(at: "shrunkLink") == .int(1))
        #expect(seen.value(at: "reportSignature") == .string(TriageWorkerTests.decodeSignature))
        if case .string(let name)? = seen.value(at: "downloadName") { #expect(name.hasSuffix(".tape") && name.count == 21) }
        #expect(seen.value(at: "sessionReportStatus") == .int(200))
        #expect(seen.value(at: "sessionReportErrors") == .string("0"))
        #expect(seen.value(at: "errors") == .array([]))
        // The two answers to the login form before the right token are 401s, as they should be.
        let refused = JSONValue.string("error: Failed to load resource: the server responded with a status of 401 (Unauthorized)")
        #expect(seen.value(at: "console") == .array([refused, refused]), "\(browser.standardOutput)")
    }
}
