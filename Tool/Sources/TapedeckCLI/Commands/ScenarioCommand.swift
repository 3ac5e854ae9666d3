import ArgumentParser

/// `tapedeck scenario run|check`: scripted client sessions (docs/SCENARIOS.md).
struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Run or check scenario scripts (docs/SCENARIOS.md).",
        subcommands: [ScenarioRunCommand.self, ScenarioCheckCommand.self]
    )
}

/// Exit codes of the scenario commands.
enum ScenarioExitCode {
    /// A step failed.
    static let failed: Int32 = 1
    /// Bad usage or unreadable input: a scenario that does not parse, a tape that cannot be read.
    static let badInput: Int32 = 2
}
