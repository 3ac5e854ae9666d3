import Foundation
import TapedeckTape
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A writer killed with SIGKILL leaves a tape whose reader returns every flushed record.
@Suite(.ownThread) struct CrashRecoveryTests {
    @Test func aKilledWriterLosesAtMostTheLastFlushInterval() async throws {
        let directory = try TapedeckBinary.directory()
        let tape = directory.appendingPathComponent("killed.tape").path
        let writer = try ChildProcess(
            try TapedeckBinary.executable(),
            ["dev", "write-stream", "--out", tape, "--rate", "2000", "--flush-interval-ms", "20"])
        // "flushed N" lines with N > 0: wait for five such flushes, then kill.
        func flushes(_ lines: [String]) -> [Int] {
            lines.compactMap { $0.hasPrefix("flushed ") ? Int($0.dropFirst(8)) : nil }.filter { $0 > 0 }
        }
        let flushesWithRecords =
            (try? await writer.output(until: { flushes($0).count >= 5 }, seconds: 120)).map { flushes($0).count } ?? 0
        writer.signal(SIGKILL)
        let killed = await writer.wait()
        #expect(killed.signalled)
        #expect(killed.status == SIGKILL)
        // Lines the child printed after we stopped waiting are flushes too.
        let lastFlushed = flushes(killed.output).max() ?? 0
        #expect(flushesWithRecords >= 5, "the writer stopped before reporting 5 flushes")

        let reader = try TapeReader(path: tape)
        var numbers: [Int] = []
        var stop: TapeError?
        while stop == nil {
            let step = Result { () throws(TapeError) -> TapeRecord? in try reader.next() }
            guard case .success(let next) = step else {
                if case .failure(let error) = step { stop = error }
                break
            }
            guard let record = next else { break }
            let text = String(decoding: record.payload, as: UTF8.self)
            // {"type":"u","message":{"n":123}}
            guard let start = text.range(of: "\"n\":"), let number = Int(text[start.upperBound...].dropLast(2)) else {
                Issue.record("unexpected record \(text)")
                break
            }
            numbers.append(number)
        }
        guard case .truncated(_, let afterRecords, _)? = stop else {
            Issue.record("expected a truncated tape, got \(String(describing: stop))")
            return
        }
        #expect(afterRecords == numbers.count)
        #expect(numbers == Array(0..<numbers.count), "records are not the numbered prefix 0..k")
        #expect(numbers.count >= lastFlushed, "read \(numbers.count) records, but \(lastFlushed) were reported flushed")
    }
}
