import ArgumentParser

/// The `tapedeck` command line. Each subcommand lives in its own file and calls a library front end.
public struct TapedeckCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tapedeck",
        abstract: "Record, replay and check WebSocket sessions of the BaoLife game.",
        version: TapedeckVersion.current,
        subcommands: [
            InfoCommand.self,
            CatCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            DebugCommand.self,
            SynthCommand.self,
            BenchCommand.self,
        ]
    )

    public init() {}
}
