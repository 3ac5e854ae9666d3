import ArgumentParser

/// `tapedeck dev ...`: the developers' tools (benchmarks, synthetic tapes, writers used by the crash
/// tests), kept out of `tapedeck --help` so the user's list holds only the user's commands;
/// `tapedeck dev --help` lists them.
struct DevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Developer tools: benchmarks, synthetic tapes, tape writers for tests.",
        shouldDisplay: false,
        subcommands: [
            DevBenchCommand.self, SynthCommand.self, DebugWriteStreamCommand.self, DebugWriteSyntheticCommand.self,
            DebugRecorderWriteCommand.self,
        ]
    )
}
