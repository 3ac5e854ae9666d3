/// Parses scenario files (grammar in docs/SCENARIOS.md). Includes are read through the loader and
/// inlined; message types, state paths, variables and keywords are checked, so that a scenario
/// that parses fails at run time only for what the server does.
package struct ScenarioParser: Sendable {
    package var loader: any ScenarioSourceLoader
    /// Variables that exist before the first statement (`now` and `server` always do).
    package var predefinedVariables: Set<String>

    package init(loader: any ScenarioSourceLoader = FileScenarioLoader(), predefinedVariables: Set<String> = []) {
        self.loader = loader
        self.predefinedVariables = predefinedVariables.union(ScenarioParser.builtInVariables)
    }

    /// `now`: the current virtual time as an ISO 8601 timestamp; `server`: the target's URL.
    package static let builtInVariables: Set<String> = ["now", "server"]

    /// Every word that starts a statement.
    package static let statementKeywords = [
        "connect", "header", "subprotocol", "close", "send", "expect", "capture", "set", "checkpoint",
        "wait", "backoff", "repeat", "include", "mark", "ignore", "timeout", "server",
    ]

    /// Words inside statements, offered as hints too.
    static let clauseKeywords = ["where", "within", "for", "and", "or", "no", "up", "to", "until"]

    /// Reads and parses the file at `path`.
    package func parse(file path: String) throws(ScenarioParseError) -> Scenario {
        switch loader.load(path) {
        case .success(let text):
            return try parse(source: text, file: path)
        case .failure(let error):
            throw ScenarioParseError(
                location: SourceLocation(file: path, line: 1, column: 1), found: "",
                message: "cannot read the scenario: \(error.reason)",
                hint: "check the path (it is relative to the current directory)", sourceLine: "")
        }
    }

    package func parse(source: String, file: String) throws(ScenarioParseError) -> Scenario {
        var defined = predefinedVariables
        var parser = FileParser(source: source, file: file, loader: loader, includeStack: [file], includedFrom: [])
        let statements = try parser.parseFile(defined: &defined)
        return Scenario(name: Scenario.name(forFile: file), file: file, statements: statements, server: parser.server)
    }
}
