import ArgumentParser
import TapedeckScenario
import TapedeckTape

/// `tapedeck scenario check FILE...`: parses scenarios (includes too) and reports every error.
struct ScenarioCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse scenario files and report errors with line:column and hints, without running them.",
        discussion: "Exit codes: 0 every file parses; 2 some file cannot be read or parsed."
    )

    @Argument(help: "Scenario files (.scenario).")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let output = OutputFile()
        var failures = 0
        for file in files {
            do {
                let scenario = try ScenarioParser().parse(file: file)
                try? output.write("ok \(file) (\(scenario.statements.count) statements)\n")
            } catch {
                failures += 1
                try? output.write(error.description + "\n")
            }
        }
        try? output.flush()
        if failures > 0 {
            throw CommandFailure.exit(
                "\(failures) of \(files.count) scenario file\(files.count == 1 ? "" : "s") did not parse",
                code: ScenarioExitCode.badInput)
        }
    }
}
