import TapedeckProtocol
import TapedeckScenario
import TapedeckState
import TapedeckTestFixtures

/// Helpers shared by the scenario tests.
enum TestSupport {
    /// The repository's root, found from this file's path.
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static let scenariosDirectory = repositoryRoot + "/Scenarios"

    static let shippedScenarios = [
        "character-creation", "claimable-events", "dating", "five-minute-session", "questions", "store",
    ]

    static func parse(_ text: String, file: String = "test.scenario", files: [String: String] = [:]) throws -> Scenario {
        var all = files
        all[file] = text
        return try ScenarioParser(loader: InMemoryScenarioLoader(all)).parse(file: file)
    }

    static func parseError(_ text: String, file: String = "test.scenario", files: [String: String] = [:]) -> ScenarioParseError? {
        do {
            _ = try parse(text, file: file, files: files)
            return nil
        } catch let error as ScenarioParseError {
            return error
        } catch {
            return nil
        }
    }

    /// Runs scenario text against a server in virtual time.
    static func run(_ text: String, server: any InProcessServer, files: [String: String] = [:]) async throws -> (
        ScenarioResult, InProcessTransport
    ) {
        let scenario = try parse(text, files: files)
        let clock = VirtualScenarioClock()
        let transport = InProcessTransport(server: server, clock: clock)
        let result = await ScenarioRunner(scenario: scenario, transport: transport, clock: clock).run()
        return (result, transport)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
