import ArgumentParser

/// `tapedeck debug ...`: developer tools used by tests and measurements; hidden from help.
struct DebugCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Developer tools for testing and measuring the tape format.",
        shouldDisplay: false,
        subcommands: [DebugWriteStreamCommand.self, DebugWriteSyntheticCommand.self]
    )
}
