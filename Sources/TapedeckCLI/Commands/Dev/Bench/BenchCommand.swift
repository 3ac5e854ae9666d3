import ArgumentParser

/// `tapedeck dev bench`: performance measurements (run them on a release build).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Tapedeck's hot paths (use a release build).",
        subcommands: [BenchProtocolCommand.self, BenchDecodeCommand.self, BenchReplayCommand.self, BenchRecorderCommand.self]
    )
}
