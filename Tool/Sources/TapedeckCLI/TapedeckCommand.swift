import ArgumentParser
import Foundation
import TapedeckCore

/// The `tapedeck` command line. Each subcommand lives in its own file and calls a library front end.
package struct TapedeckCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "tapedeck",
        abstract: "Record, replay and check WebSocket sessions of the BaoLife game.",
        version: TapedeckVersion.current,
        subcommands: [
            InfoCommand.self,
            CatCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            ReplayCommand.self,
            CheckCommand.self,
            ConformCommand.self,
            CoverageCommand.self,
            HistoryCommand.self,
            ReproCommand.self,
            InspectCommand.self,
            ShrinkCommand.self,
            PromoteCommand.self,
            DiffCommand.self,
            ReportCommand.self,
            ScenarioCommand.self,
            ServerCommand.self,
            ServeCommand.self,
            RecordCommand.self,
            CACommand.self,
            MarkCommand.self,
            LsCommand.self,
            TagCommand.self,
            CatalogCommand.self,
            InboxCommand.self,
            BenchCommand.self,
            // Hidden from this list: our own benchmarks, synth and the test writers (`tapedeck dev --help`).
            DevCommand.self,
        ]
    )

    package init() {}
}

extension TapedeckCommand {
    /// Runs the command line. `main.swift` calls this because a top-level `await TapedeckCommand.main()`
    /// resolves to ArgumentParser's synchronous `main()`, which refuses async subcommands.
    ///
    /// Every kind of bad usage exits 2, whether ArgumentParser rejects the command line (it would
    /// exit 64) or a command rejects a value it parsed, so scripts test one code.
    package static func runAsync() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            exit(withError: ExitCode(2))
        }
    }
}
