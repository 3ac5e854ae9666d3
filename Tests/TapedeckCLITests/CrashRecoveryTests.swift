import Foundation
import Testing
import TapedeckTape
#if canImport(Glibc)
import Glibc
#endif

/// A writer killed with SIGKILL leaves a tape whose reader returns every flushed record.
@Suite struct CrashRecoveryTests {
    @Test func aKilledWriterLosesAtMostTheLastFlushInterval() throws {
        let directory = try TapedeckBinary.directory()
        let tape = directory.appendingPathComponent("killed.tape").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TapedeckBinary.executable())
        process.arguments = ["dev", "write-stream", "--out", tape, "--rate", "2000", "--flush-interval-ms", "20"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()

        // Read "flushed N" lines until a few flushes with records have been reported.
        var lastFlushed = 0
        var flushesWithRecords = 0
        var pending = Data()
        let handle = pipe.fileHandleForReading
        while flushesWithRecords < 5 {
            let chunk = handle.availableData
            if chunk.isEmpty { break } // the child exited early: the checks below will say so
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if line.hasPrefix("flushed "), let count = Int(line.dropFirst(8)), count > 0 {
                    lastFlushed = count
                    flushesWithRecords += 1
                }
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)
        // Lines the child printed after we stopped reading are flushes too.
        let rest = String(decoding: pending + handle.readDataToEndOfFile(), as: UTF8.self)
        for line in rest.split(separator: "\n") where line.hasPrefix("flushed ") {
            lastFlushed = max(lastFlushed, Int(line.dropFirst(8)) ?? 0)
        }
        #expect(flushesWithRecords == 5, "the writer stopped before reporting 5 flushes")

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
