import Foundation
import TapedeckReplay
import TapedeckSocket
import TapedeckTape
import TapedeckTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@MainActor
@Suite struct ReplayClockTests {
    /// A drop at 1 s, three refused attempts (2, 4, 8 s) and a reconnect at 16 s.
    static func backoffTape() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("backoff-\(UUID().uuidString).tape").path
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-03-01T12:00:00.000Z", tool: "tests"))
        func record(
            _ seconds: Double, _ connection: UInt32, _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind,
            _ text: String = ""
        )
            throws
        {
            try writer.append(
                TapeRecord(
                    time: UInt64(seconds * 1e9), connection: connection, direction: direction, kind: kind,
                    payload: Array(text.utf8)))
        }
        try record(0.001, 1, .c2s, .open)
        try record(0.5, 1, .s2c, .text, #"{"type":"hello","message":{}}"#)
        try record(0.501, 1, .c2s, .text, #"{"type":"getPlayer","message":{}}"#)
        try record(1, 1, .note, .error, "client connection ended without a close frame")
        for (seconds, connection) in [(2.0, UInt32(2)), (4, 3), (8, 4)] {
            try record(seconds, connection, .note, .error, "upgrade failed: upstream answered 503 Service Unavailable")
        }
        try record(16, 5, .c2s, .open)
        try record(16.5, 5, .s2c, .text, #"{"type":"welcomeBack","message":{}}"#)
        try record(16.501, 5, .c2s, .text, #"{"type":"getPlayer","message":{}}"#)
        try writer.close()
        return path
    }

    @Test func aBackoffOfOneTwoFourEightSecondsCostsNoWallTimeAndLandsOnTheSameInstants() async throws {
        let path = try Self.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var runs: [[String]] = []
        for _ in 0..<10 {
            var app: BackoffApp?
            let started = ContinuousClock.now
            let report = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) { network in
                let adapter = BackoffAdapter(network: network)
                app = adapter.app
                return adapter
            }.check(tape: path)
            // Printed, not asserted (a busy machine moves it): about 3 ms a replay here, where
            // real sleeps would take the backoff's 15 s.
            print("backoff replay: \(ContinuousClock.now - started)")
            #expect(report.cases.first { $0.name == CheckCase.sends }?.passed == true, "\(report.failures)")
            #expect(app?.received == [#"{"type":"hello","message":{}}"#, #"{"type":"welcomeBack","message":{}}"#])
            runs.append(app?.connects.map { ISO8601DateFormatter.withMilliseconds.string(from: $0) } ?? [])
        }
        // The tape's recorded start plus the virtual time of each connect: the first at the open
        // record, then 1, 2, 4 and 8 s after each failure.
        #expect(
            runs[0] == [
                "2026-03-01T12:00:00.001Z", "2026-03-01T12:00:02.000Z", "2026-03-01T12:00:04.000Z", "2026-03-01T12:00:08.000Z",
                "2026-03-01T12:00:16.000Z",
            ])
        #expect(Set(runs.map { $0.joined(separator: " ") }).count == 1)
    }

    @Test func aSleepPastTheTapesEndIsCancelledWhenTheReplayEnds() async throws {
        let clock = ReplayClock()
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(5))) }
        while clock.sleepers == 0 { await Task.yield() }
        clock.advance(by: .seconds(4))
        #expect(clock.sleepers == 1)
        #expect(clock.now.description == "t=4.000s")
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleepers == 0)

        let cancelled = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
        while clock.sleepers == 0 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.sleepers == 0)
    }
}

extension ISO8601DateFormatter {
    static var withMilliseconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}

/// What an app does when its connection drops, judged against a recording of it (issue 43): each
/// regression of `BackoffApp` gives its own first finding, named by connection, record and time.
@MainActor
@Suite struct ReconnectFindingTests {
    static func findings(_ regression: BackoffApp.Regression?) async throws -> [String] {
        let path = try ReplayClockTests.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) {
            BackoffAdapter(network: $0, regression: regression)
        }.check(tape: path)
        let sends = try #require(report.cases.first { $0.name == CheckCase.sends })
        return sends.passed ? [] : Array(sends.message.split(separator: "\n").dropFirst().map(String.init))
    }

    @Test func theAppAsRecordedPasses() async throws {
        #expect(try await Self.findings(nil) == [])
    }

    @Test(arguments: [
        (
            BackoffApp.Regression.reconnectsAtOnce,
            "connection 2: the client reconnected at t=1.000s, 1.000s before the recording did (t=2.000s): its backoff is shorter or gone",
            "after record 3: the connection failed: client connection ended without a close frame"
        ),
        (
            // One line for the four connections it never opened: the count, the first and the last.
            .neverReconnects, "connections 2–5 (4 findings): the tape recorded this connection; the client never opened it",
            "after record 4: the connection failed: upgrade failed: upstream answered 503 Service Unavailable"
        ),
        (
            .sendsOnTheDeadSocket, "connections 1–4 (4 findings): ping was sent after the connection had closed or failed",
            "after record 3: the connection failed: client connection ended without a close frame"
        ),
        (
            .forgetsToResync, "connection 5, record 9: getPlayer was never sent",
            "after record 9: the user action for {\"type\":\"getPlayer\",\"message\":{}}"
        ),
    ])
    func eachRegressionIsItsFirstFinding(regression: BackoffApp.Regression, first: String, context: String) async throws {
        let findings = try await Self.findings(regression)
        #expect(findings.first == first, "\(findings)")
        #expect(findings.dropFirst().first?.hasSuffix(context) == true, "\(findings)")
    }
}

/// `compareApps` names both differences when one record changes the model and what is sent.
@MainActor
@Suite struct CompareAppsSendTests {
    @Test func aModelChangeAndAnExtraSendAtOneRecordAreBothNamed() async throws {
        let path = try ReplayClockTests.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let divergence = try #require(
            try await compareApps(
                tapes: [path], { BackoffAdapter(network: $0) },
                { BackoffAdapter(network: $0, regression: .handlesTheGreetingTwice) }))
        #expect(divergence.position.record == 1)
        #expect(divergence.diff.changedPaths == ["received[1]"], "\(divergence)")
        #expect(divergence.sendDiff?.changedPaths == ["sent[1]"], "\(divergence)")
        #expect(divergence.description.contains("and what they sent differs too:"), "\(divergence)")
    }
}

/// The guide's pattern for `async` user actions (docs/TESTING-YOUR-APP.md, "Actions that are async").
@MainActor
@Suite struct AsyncActionTests {
    @Test func anAsyncClaimIsSentAtItsRecord() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("claim-\(UUID().uuidString).tape").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-03-01T12:00:00.000Z", tool: "tests"))
        try writer.append(TapeRecord(time: 1_000_000, connection: 1, direction: .c2s, kind: .open))
        try writer.append(
            TapeRecord(
                time: 2_000_000, connection: 1, direction: .s2c, kind: .text,
                payload: Array(#"{"type":"messageEvent","message":{"id":"e1"}}"#.utf8)))
        try writer.append(
            TapeRecord(
                time: 3_000_000, connection: 1, direction: .c2s, kind: .text,
                payload: Array(#"{"type":"claimEvent","message":{"eventId":"e1"}}"#.utf8)))
        try writer.close()
        var app: ClaimingApp?
        let report = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) { network in
            let adapter = AsyncActionAdapter(network: network)
            app = adapter.app
            return adapter
        }.check(tape: path)
        #expect(report.cases.first { $0.name == CheckCase.sends }?.passed == true, "\(report.failures)")
        #expect(app?.claimed == ["e1"])
    }
}
