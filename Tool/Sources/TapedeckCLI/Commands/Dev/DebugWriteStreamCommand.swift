import ArgumentParser
import TapedeckCore
import TapedeckTape

/// Writes numbered records at a steady rate with the real clock and flush timer, printing
/// "flushed N" after each flush: the child process of the crash test, which SIGKILLs it.
struct DebugWriteStreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-stream",
        abstract: "Write numbered records at a rate, printing \"flushed N\" (records flushed so far) after each flush."
    )

    @Option(help: "The tape file to write.")
    var out: String

    @OptionGroup var pace: SteadyRateOptions

    func run() throws {
        let clock = MonotonicClock()
        let output = OutputFile()
        let metadata = TapeMetadata(
            created: "1970-01-01T00:00:00Z", tool: "tapedeck \(TapedeckVersion.current)",
            labels: ["generator": "debug write-stream"])
        do {
            let writer = try TapeWriter(
                path: out, metadata: metadata,
                options: TapeWriterOptions(flushInterval: UInt64(pace.flushIntervalMs) * 1_000_000))
            let period = pace.period
            var reported = -1
            func report() throws(TapeError) {
                guard writer.flushedRecordCount != reported else { return }
                reported = writer.flushedRecordCount
                try output.write("flushed \(reported)\n")
                try output.flush()
            }
            try report()
            var index = 0
            while pace.count.map({ index < $0 }) ?? true {
                let now = clock.elapsedNanoseconds()
                if now >= UInt64(index) * period {
                    let payload = Array("{\"type\":\"u\",\"message\":{\"n\":\(index)}}".utf8)
                    try writer.append(TapeRecord(time: now, direction: .s2c, kind: .text, payload: payload))
                    index += 1
                }
                try writer.flushIfDue(now: clock.elapsedNanoseconds())
                try report()
                // Sleep until the next record or the flush timer, whichever comes first.
                let wake = min(UInt64(index) * period, writer.nextFlushDue ?? UInt64.max)
                let current = clock.elapsedNanoseconds()
                if wake > current { MonotonicClock.sleep(nanoseconds: wake - current) }
            }
            try writer.close()
            try report()
        } catch {
            throw CommandFailure.exit(error.description, code: TapeExitCode.unreadableInput)
        }
    }
}
