import TapedeckScenario

/// Scenarios in memory, by path, for the parser's and the runners' tests.
package struct InMemoryScenarioLoader: ScenarioSourceLoader {
    package var files: [String: String]
    package init(_ files: [String: String]) { self.files = files }

    package func load(_ path: String) -> Result<String, ScenarioSourceLoadError> {
        files[ScenarioPaths.normalized(path)].map { .success($0) }
            ?? .failure(ScenarioSourceLoadError(path: path, reason: "no such file"))
    }
}
