import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process recording with the flight recorder is killed with SIGKILL: its segments read back as
/// a clean prefix of what it recorded, missing at most the last flush interval.
@Suite(.ownThread) struct RecorderKillTests {
    @Test func aKilledAppLosesAtMostOneFlushInterval() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let flushInterval: UInt64 = 50_000_000
        // Small segments (the default 1 MiB is not reached), so the kill may also fall on a roll-over.
        let writer = try ChildProcess(
            ChildProcess.tapedeck,
            ["dev", "recorder-write", "--dir", folder, "--rate", "2000", "--flush-interval-ms", "50", "--report-every", "20"])
        let lines = RecorderTestFiles.recorded(
            (try? await writer.output(until: { RecorderTestFiles.recorded($0).count >= 150 }, seconds: 120)) ?? writer.outputSoFar
        )
        writer.signal(SIGKILL)
        let killed = await writer.wait()
        #expect(killed.signalled && killed.status == SIGKILL)
        try #require(lines.count >= 150, "the recorder stopped after \(lines.count) reports")

        // Every segment reads, the last one (being written when killed) as truncated; together
        // they are the numbered records 0..<k in order.
        let segments = try RecorderTestFiles.segments(in: folder)
        var numbers: [Int] = []
        for (index, segment) in segments.enumerated() {
            let tape = try TapeContents(path: segment)
            if index < segments.count - 1 { #expect(tape.end == .complete, "\(segment): \(String(describing: tape.end))") }
            for record in tape.records where record.kind == .text {
                let text = String(decoding: record.payload, as: UTF8.self) // {"type":"u","message":{"n":123}}
                numbers.append(Int(text.split(separator: ":").last!.dropLast(2))!)
            }
        }
        if case .damaged? = try TapeContents(path: segments.last!).end { Issue.record("the last segment is damaged") }
        #expect(numbers == Array(0..<numbers.count), "the records are not a clean numbered prefix")
        // Everything recorded a flush interval before the last report (which came before the kill) is there.
        let last = lines.last!.time
        let due = lines.filter { $0.time + flushInterval <= last }.map(\.count).max() ?? 0
        #expect(due > 0)
        #expect(numbers.count >= due, "read \(numbers.count) records; \(due) were recorded a flush interval before the kill")
    }
}
