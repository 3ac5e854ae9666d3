import Foundation
import TapedeckTape
import Testing

@testable import TapedeckTesting

/// Apps that loop without ever waiting on the replay are stopped by a count, not a clock (issue
/// 50): a reconnect storm and a receive loop on a dead socket each give one finding, the same on
/// every run.
@MainActor
@Suite struct LoopingAppTests {
    /// One connection: the greeting, then the server closes (1000).
    static func closingTape() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("closing-\(UUID().uuidString).tape").path
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-03-01T12:00:00.000Z", tool: "tests"))
        try writer.append(TapeRecord(time: 1_000_000, connection: 1, direction: .c2s, kind: .open, payload: []))
        try writer.append(
            TapeRecord(
                time: 500_000_000, connection: 1, direction: .s2c, kind: .text,
                payload: Array(#"{"type":"hello","message":{}}"#.utf8)))
        try writer.append(
            TapeRecord(
                time: 501_000_000, connection: 1, direction: .c2s, kind: .text,
                payload: Array(#"{"type":"getPlayer","message":{}}"#.utf8)))
        try writer.append(TapeRecord(time: 1_000_000_000, connection: 1, direction: .s2c, kind: .close, closeCode: 1000))
        try writer.close()
        return path
    }

    /// How often each app is replayed: `TAPEDECK_DETERMINISM_RUNS`, 20 by default
    /// (`scripts/determinism.sh` runs 50 beside a CPU hog per core).
    nonisolated static let runs = ProcessInfo.processInfo.environment["TAPEDECK_DETERMINISM_RUNS"].flatMap(Int.init) ?? 20

    /// `scripts/determinism.sh` collects these lines.
    static func printDigest(_ name: String, _ messages: [String]) {
        let reports = Set(messages)
        let digest = SnapshotDigest.hex(.string(reports.first ?? ""))
        print("determinism \(name): \(messages.count) runs, \(reports.count) report, sha256 \(digest)")
    }

    static func sends(_ regression: BackoffApp.Regression?, runs: Int = runs, tape: String? = nil) async throws -> [String] {
        let tape = try tape ?? closingTape()
        defer { try? FileManager.default.removeItem(atPath: tape) }
        var messages: [String] = []
        for _ in 0..<runs {
            let report = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) {
                BackoffAdapter(network: $0, regression: regression)
            }.check(tape: tape)
            // The tape's name is a fresh UUID each process: named alike, so digests compare across runs.
            let name = String(tape.split(separator: "/").last ?? "")
            messages.append(
                (report.cases.first { $0.name == "sends" }?.message ?? "no sends case").replacingOccurrences(
                    of: name, with: "TAPE.tape"))
        }
        return messages
    }

    @Test func aReconnectStormIsOneFindingWithACount() async throws {
        let messages = try await Self.sends(.reconnectsAtOnce)
        #expect(Set(messages).count == 1, "\(Set(messages))")
        Self.printDigest("storm", messages)
        let lines = try #require(messages.first).split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "reconnected 50 times within 0.000s of the drop after record 3: a reconnect storm; later attempts were left unanswered"
            ), "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("connections 2–51 (50 findings): the tape recorded 1 connection; this one was closed")
            }, "\(lines)")
        #expect(lines.count < 12, "\(lines)")
    }

    @Test func aReceiveLoopOnADeadSocketIsOneFinding() async throws {
        let messages = try await Self.sends(.keepsReadingTheDeadSocket)
        #expect(Set(messages).count == 1, "\(Set(messages))")
        Self.printDigest("dead-socket receive loop", messages)
        #expect(
            messages.first?.contains(
                "connection 1: the receive loop did not end: it asked the ended connection for a message 100 times; later receives were held"
            )
                == true, "\(messages.first ?? "")")
    }

    /// An app that keeps running without ever waiting on the replay is given up on after a count
    /// of rounds, not a time. (Counted process-wide: a spinner here would keep every replay
    /// running beside it busy, so the bound is tried small, on a spinner stopped right after.)
    @Test func workThatNeverEndsIsGivenUpOnAfterACountOfRounds() async {
        let stop = Flag()
        AppWork.begin()
        defer { AppWork.end() }
        Task.detached {
            while !stop.isSet { await Task.yield() }
        }
        let quiet = await Settling.untilQuiet(busyRounds: 200)
        stop.set()
        #expect(!quiet)
        #expect(await Settling.untilQuiet())
    }

    /// The apps that never reconnect, reconnect late or at once, each replayed through the session
    /// tape of their backoff: the same report on every run, whose digest is printed.
    @Test(arguments: [BackoffApp.Regression?.none, .neverReconnects, .reconnectsLate, .reconnectsAtOnce, .sendsOnTheDeadSocket])
    func theSameAppGivesTheSameReportOnEveryRun(regression: BackoffApp.Regression?) async throws {
        let tape = try ReplayClockTests.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: tape) }
        let started = ContinuousClock.now
        let messages = Set(try await Self.sends(regression, tape: tape))
        #expect(messages.count == 1, "\(messages)")
        let name = regression.map { "\($0)" } ?? "clean"
        let digest = SnapshotDigest.hex(.string(messages.first ?? ""))
        print(
            "determinism \(name): \(Self.runs) runs, \(messages.count) report, sha256 \(digest), \(ContinuousClock.now - started)"
        )
    }
}
