import Foundation
import TapedeckTesting
import Testing

/// The faults people meet (issue 50): each kind has an app that handles it and passes, and one
/// that mishandles it and is caught with its problem; drawn schedules print their seed and shrink.
@MainActor
@Suite struct FaultCheckTests {
    static func faults(
        _ regression: FaultApp.Regression?, _ schedules: [FaultSchedule]? = nil, seeds: ClosedRange<UInt64> = 1...1,
        tape: String? = nil
    ) async throws -> FaultReport {
        let path = try tape ?? ReplayClockTests.backoffTape()
        defer { if tape == nil { try? FileManager.default.removeItem(atPath: path) } }
        let replay = AppReplay(goldens: NSTemporaryDirectory(), record: .none) {
            FaultAdapter(network: $0, regression: regression)
        }
        if let schedules { return await replay.checkFaults(tape: path, FaultApp.check, schedules: schedules) }
        return await replay.checkFaults(tape: path, FaultApp.check, seeds: seeds)
    }

    nonisolated static let eachKind: [Fault] = [
        .drop, .close(code: 1001), .close(code: 1011), .close(code: 4001), .stall, .refusals(count: 2), .refusals(count: 5),
        .slowServer(delay: .seconds(5)),
    ]

    @Test(arguments: eachKind)
    func theAppThatHandlesItPasses(fault: Fault) async throws {
        let report = try await Self.faults(nil, [FaultSchedule(afterRecord: 1, faults: [fault])])
        #expect(report.passed, "\(report)")
        #expect(report.runs == 1)
    }

    @Test(arguments: [
        (FaultApp.Regression.ignoresStalls, Fault.stall, "after .stall the app did not reconnect within 17.000s"),
        (
            .retriesForever, .refusals(count: 5), "the app made 8 attempts in a row; it says it stops after 5"
        ),
        (
            .reconnectsAfterItsOwnCode, .close(code: 4001),
            "the app reconnected after the server closed with 4001, after which it says it stays offline"
        ),
        (
            .constantBackoff, .refusals(count: 2),
            "attempt 3 came 1.000s after the one before, after a wait of 1.000s before it: the backoff does not grow"
        ),
        (.neverReconnects, .close(code: 1011), "after .close(code: 1011) the app did not reconnect within 10.000s"),
        (
            .reconnectsAtOnce, .drop,
            "after .drop the app reconnected 0.000s later, before its backoff allows (1.000s)"
        ),
        (
            .impatient, .slowServer(delay: .seconds(5)),
            "with the server 5.000s late after record 0, the app left its connection 1.000s into the wait: it did not wait for the answer"
        ),
    ])
    func theAppThatMishandlesItIsCaught(regression: FaultApp.Regression, fault: Fault, problem: String) async throws {
        let report = try await Self.faults(regression, [FaultSchedule(afterRecord: 1, faults: [fault])])
        #expect(!report.passed)
        #expect(report.failures.first?.problems.first?.description == problem, "\(report)")
    }

    @Test func twoHundredSeededSchedulesPassForTheAppThatHandlesThem() async throws {
        let report = try await Self.faults(nil, seeds: 1...200)
        #expect(report.passed, "\(report)")
        #expect(report.runs > 100, "\(report)")
    }

    /// A failing drawn schedule prints its seed and is shrunk to the fewest faults at the earliest
    /// point that still fail; the same seeds give the same report.
    @Test func aFailingSeedIsPrintedAndShrunk() async throws {
        let tape = try ReplayClockTests.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: tape) }
        let report = try await Self.faults(.constantBackoff, seeds: 1...40, tape: tape)
        #expect(!report.passed)
        let failure = try #require(report.failures.first, "\(report)")
        #expect(failure.seed != nil)
        #expect(failure.shrunk.faults == [.refusals(count: 2)], "\(report)")
        #expect(failure.shrunk.afterRecord == 0, "\(report)")
        #expect(report.description.contains("  seed \(failure.seed ?? 0): after record "), "\(report)")
        let again = try await Self.faults(.constantBackoff, seeds: 1...40, tape: tape)
        #expect(again.description == report.description)
    }

    /// No fault delivered is a failure, never a pass.
    @Test func aCheckThatDeliveredNoFaultFails() async throws {
        let missing = try await Self.faults(nil, tape: "/nonexistent/typo.tape")
        #expect(!missing.passed)
        #expect(missing.description.hasPrefix("typo.tape: the tape cannot be read ("), "\(missing)")
        let none = try await Self.faults(nil, [])
        #expect(!none.passed)
        #expect(none.noRun == "no fault was delivered: no schedule strikes a connection that is open")
    }
}
