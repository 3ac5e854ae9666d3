import BaoLifeAfter
import TapedeckTesting
import Testing

/// A tap while offline (issue 50): the cut check has the player tap during the outage, and the app
/// must keep the claim and send it on the next connection. Both versions do; each offline bug of
/// the refactored service fails with one clear line.
@MainActor
@Suite struct OfflineTapTests {
    /// Event 3 (pocket money) reaches the app at record 56; the player claims it at record 60. The
    /// cut comes after record 58, so the claim is tapped while offline.
    static let check = CutCheck(at: .record(58), reconnect: .seconds(1) ... .seconds(32), offlineActions: 1)

    static func cut(_ version: String, _ regressions: Regressions = []) async -> CutReport {
        let tape = Corpus.path("claimable-events")
        return version == "before"
            ? await Corpus.replay(record: .none) { BeforeAdapter(network: $0) }.checkCuts(tape: tape, check)
            : await Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: regressions) }.checkCuts(
                tape: tape, check)
    }

    @Test(arguments: ["before", "after"])
    func aClaimTappedWhileOfflineIsSentAfterTheReconnect(version: String) async {
        let report = await Self.cut(version)
        #expect(report.passed, "\(report)")
        #expect(report.offlineActions == [OfflineAction(type: "claimEvent", record: 60, fate: .sent(connection: 2))], "\(report)")
    }

    @Test func tapWhileOfflineLost() async {
        let report = await Self.cut("after", .tapWhileOfflineLost)
        #expect(
            report.failures.first?.problems.map(\.description) == [
                "the tap behind claimEvent (record 60), taken offline: lost: neither sent after the reconnect nor shown as failed "
                    + "(the adapter says actions survive an outage)"
            ], "\(report)")
    }

    @Test func tapWhileOfflineSentOnDeadSocket() async {
        let report = await Self.cut("after", .tapWhileOfflineSentOnDeadSocket)
        let problems = report.failures.first?.problems.map(\.description) ?? []
        #expect(problems.first == "connection 1: claimEvent was sent after the connection had closed or failed", "\(report)")
    }
}
