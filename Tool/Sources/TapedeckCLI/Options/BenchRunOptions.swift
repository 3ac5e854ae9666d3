import ArgumentParser
import TapedeckBenchmarks

/// What every benchmark command takes: the seed of its synthetic input and how many runs it keeps
/// the best of.
struct BenchRunOptions: ParsableArguments {
    @Option(help: "Seed of the synthetic input (of the first synthetic tape, when there are several).")
    var seed: UInt64 = 1

    @Option(help: "How many times each stage runs; the best run counts.")
    var repeats: Int = 3

    /// The most messages a benchmark's synthetic input may hold (about a gigabyte in memory): 2^32
    /// tried to allocate 34-175 GB and 2^63-1 trapped (issue 41, finding 8).
    static let maximumMessages = 20_000_000

    func validate() throws {
        guard (1...1000).contains(repeats) else { throw ValidationError("--repeats must be from 1 to 1000 (got \(repeats)).") }
    }

    func input(messages: Int) -> SyntheticInput { SyntheticInput(messages: messages, seed: seed, repeats: repeats) }
}
