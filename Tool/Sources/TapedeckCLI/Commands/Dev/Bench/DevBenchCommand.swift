import ArgumentParser

/// `tapedeck dev bench`: measurements of Tapedeck's own hot paths (run them on a release build).
/// Decoding throughput of tapes is a user's job and lives at the top: `tapedeck bench`.
struct DevBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Tapedeck's own hot paths (use a release build).",
        subcommands: [BenchProtocolCommand.self, BenchReplayCommand.self, BenchRecorderCommand.self, BenchInboxCommand.self]
    )
}
