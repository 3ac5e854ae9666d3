import Benchmark
import DecodeLoop
import Foundation
import TapedeckProtocol
import TapedeckSynthetic
import TapedeckTape

// The stages of `tapedeck bench`, each one iteration over the same synthetic tape:
// lz4 (decompression only), framing (+ TapeReader records), decode (+ typed messages), replay
// (+ ClientState.apply and the invariants after every message). Names stay shell-safe: they
// are the file names of the static thresholds in Thresholds/.
// Malloc counts and instructions are deterministic, so their thresholds are tight; time and
// throughput vary on a shared machine, so theirs are loose (see docs/PERFORMANCE.md).

/// Messages in the benchmark tape; the figures in Thresholds/ are per iteration (one tape).
let messageCount = 20_000

/// Writes a deterministic tape of the messages of `tapedeck dev synth --messages 20000 --seed 1` (the
/// same payloads in the same order; fixed 50 ms gaps and no open/close records) and returns its path.
func syntheticTape() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-benchmarks-\(getpid()).tape").path
    do {
        let metadata = TapeMetadata(
            created: "2025-01-01T00:00:00Z", tool: "tapedeck benchmarks",
            labels: ["generator": "Benchmarks", "seed": "1"])
        let writer = try TapeWriter(path: path, metadata: metadata, options: TapeWriterOptions(flushInterval: .max))
        var session = SyntheticSession(seed: 1)
        var time: UInt64 = 0
        for _ in 0..<messageCount {
            time += 50_000_000
            switch session.next() {
            case .server(let message):
                try writer.append(TapeRecord(time: time, direction: .s2c, kind: .text, payload: message.encoded()))
            case .client(let message):
                try writer.append(TapeRecord(time: time, direction: .c2s, kind: .text, payload: message.encoded()))
            }
        }
        try writer.close()
    } catch {
        fatalError("cannot write the benchmark tape: \(error)")
    }
    return path
}

/// The text payloads of `tape` in order, each copied right after the one before.
func inMemoryPayloads(_ tape: String) -> [(fromServer: Bool, bytes: [UInt8])] {
    do {
        let reader = try TapeReader(path: tape)
        var records: [TapeRecord] = []
        while let record = try reader.next() {
            if record.kind == .text { records.append(record) }
        }
        // Copied once all are read, so the copies lie back to back (as DecodeBenchmark's do).
        return records.map { ($0.direction == .s2c, $0.payload.withUnsafeBufferPointer { Array($0) }) }
    } catch {
        fatalError("cannot read the benchmark tape: \(error)")
    }
}

/// Decodes every payload in its direction, once.
func decodeAll(_ payloads: [(fromServer: Bool, bytes: [UInt8])]) {
    for payload in payloads {
        if payload.fromServer {
            blackHole(try? ServerMessage.decode(payload.bytes))
        } else {
            blackHole(try? ClientMessage.decode(payload.bytes))
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let tape = syntheticTape()
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .instructions]
    // Mallocs: a few per message are expected (Strings over 15 bytes, arrays); 2% more fails.
    // Instructions, where the kernel gives perf counters, and CPU time (user+sys, which other
    // processes' load disturbs less than wall time; decode_in_memory only, below): 5% more fails
    // (issue 33: a 15% loss in decode_in_memory went through when only wall time was checked
    // here). Wall time: only a large regression (50%) fails on a shared machine. `thresholds
    // check` compares p90 values.
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(relative: [.p50: 2.0]),
        .instructions: .init(relative: [.p50: 5.0, .p90: 5.0]),
        .wallClock: .init(relative: [.p50: 50.0]),
        .throughput: .init(relative: [.p50: 50.0]),
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: metrics, warmupIterations: 1, maxDuration: .seconds(3),
        maxIterations: 20, thresholds: thresholds)

    Benchmark("lz4") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try TapeDecompressor(path: tape).decompressAll())
        }
    }

    Benchmark("framing") { benchmark in
        for _ in benchmark.scaledIterations {
            let reader = try TapeReader(path: tape)
            var bytes = 0
            while try reader.withNextRecord({ bytes += $0.payload.count }) {}
            blackHole(bytes)
        }
    }

    Benchmark("decode") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decodeTape(tape, replay: false))
        }
    }

    // What `tapedeck bench` calls decode_in_memory: the typed decoder alone, on the
    // tape's payloads held in memory back to back. CPU time is counted in 10 ms ticks, so one
    // iteration decodes them `passes` times (about half a second): a tick is 2 % of it.
    let payloads = inMemoryPayloads(tape)
    let passes = 50
    Benchmark(
        "decode_in_memory",
        configuration: .init(
            metrics: metrics + [.cpuTotal], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10,
            thresholds: thresholds.merging([.cpuTotal: .init(relative: [.p50: 5.0, .p90: 5.0])]) { $1 })
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<passes {
                decodeAll(payloads)
            }
        }
    }

    Benchmark("replay") { benchmark in

        for _ in benchmark.scaledIterations {
            blackHole(try decodeTape(tape, replay: true))
        }
    }
}
