import ArgumentParser

/// `tapedeck bench`: how fast tapes decode, stage by stage, on the user's own tapes (or synthetic
/// ones). `decode` is the default, so `tapedeck bench Recordings` is the whole command. An app's own
/// decoders are measured by linking TapedeckThroughput into its benchmarks (docs/PERFORMANCE.md).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure decoding throughput on your tapes: LZ4, framing, typed decoding, replay (use a release build).",
        subcommands: [BenchDecodeCommand.self],
        defaultSubcommand: BenchDecodeCommand.self
    )
}
