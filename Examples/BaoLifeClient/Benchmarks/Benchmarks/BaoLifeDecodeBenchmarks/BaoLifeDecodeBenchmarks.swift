import BaoLifeDecoders
import Benchmark

// Each iteration is one pass of a function over the corpus's server messages: divide the
// mallocs of an iteration by the message count the benchmark's name gives for allocations per
// message.
let benchmarks: @Sendable () -> Void = {
    guard let payloads = try? BaoLifeDecoders.corpus(copies: 1) else {
        fatalError("cannot read the corpus at \(BaoLifeDecoders.recordings.path)")
    }
    let bench = BaoLifeDecoders.throughput(payloads)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 1,
        maxDuration: .seconds(2), maxIterations: 50)
    for contender in bench.contenders {
        Benchmark("\(contender.name) (\(payloads.count) messages)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(bench.pass(contender)) }
        }
    }
}
