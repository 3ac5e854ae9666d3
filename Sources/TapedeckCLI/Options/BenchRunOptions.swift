import ArgumentParser
import TapedeckBenchmarks

/// What every benchmark command takes: the seed of its synthetic input and how many runs it keeps
/// the best of.
struct BenchRunOptions: ParsableArguments {
    @Option(help: "Seed of the synthetic input (of the first synthetic tape, when there are several).")
    var seed: UInt64 = 1

    @Option(help: "How many times each stage runs; the best run counts.")
    var repeats: Int = 3

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1 (got \(repeats)).") }
    }

    func input(messages: Int) -> SyntheticInput { SyntheticInput(messages: messages, seed: seed, repeats: repeats) }
}
