import BaoLifeAfter
import TapedeckTesting
import Testing

/// The faults people meet, drawn from seeds over the four session tapes (issue 50): drops, closes
/// with 1001 and 1011, a stalled connection, refused reconnects, a server 30 s late. Both versions
/// take every schedule as they declare: a backoff from 1 s doubling to 30 s, 1000 attempts at most,
/// a silent connection left within 15 s (a ping every 10 s, 5 s for its pong; a late server still
/// answers pings), and no answer timeout of their own below a minute.
@MainActor
@Suite struct FaultTests {
    static let check = FaultCheck(
        reconnect: .seconds(1) ... .seconds(30), backoffCeiling: .seconds(30), maximumAttempts: 1000,
        stallTimeout: .seconds(15), answerTimeout: .seconds(60))
    static let sessionTapes = ["drop-reconnect", "claim-in-flight", "close-code", "refused-then-accepted"]

    @Test(arguments: ["before", "after"])
    func fiftySeededSchedulesOnEachSessionTapePass(version: String) async {
        var runs = 0
        for tape in Self.sessionTapes {
            let report =
                version == "before"
                ? await Corpus.replay(record: .none) { BeforeAdapter(network: $0) }
                    .checkFaults(tape: Corpus.path(tape), Self.check, seeds: 1...50)
                : await Corpus.replay(record: .none) { AfterAdapter(network: $0) }
                    .checkFaults(tape: Corpus.path(tape), Self.check, seeds: 1...50)
            #expect(report.passed, "\(report)")
            runs += report.runs
        }
        #expect(runs > 150, "\(runs) schedules ran")
    }

    /// The refactor's reconnect without backoff is caught by the first seed that drops the
    /// connection, shrunk to one fault.
    @Test func aReconnectWithoutBackoffIsCaughtAndShrunk() async {
        let report = await Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: .reconnectsWithoutBackoff) }
            .checkFaults(tape: Corpus.path("drop-reconnect"), Self.check, seeds: 1...20)
        let failure = report.failures.first
        #expect(failure?.shrunk.faults.count == 1, "\(report)")
        #expect(failure?.problems.first?.description.hasSuffix("before its backoff allows (1.000s)") == true, "\(report)")
        // Seeds that shrink to the same schedule are one entry.
        #expect(report.description.contains("    the same with seeds "), "\(report)")
    }
}
