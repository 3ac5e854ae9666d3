import TapedeckCore
import TapedeckProtocol
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckTestFixtures

/// Runs scenario text against the reference server started in this process (virtual time).
enum LiveScenarioSupport {
    static func parse(_ text: String, file: String = "live.scenario", predefined: [String: JSONValue] = [:]) throws -> Scenario {
        try ScenarioParser(loader: InMemoryScenarioLoader([file: text]), predefinedVariables: Set(predefined.keys)).parse(
            file: file)
    }

    static func runAgainstReference(_ text: String, seed: UInt64 = 20_250_220)
        async throws -> (result: ScenarioResult, advances: Int, url: String)
    {
        let scenario = try parse(text)
        let reference = try await ReferenceScenarioTarget.start(seed: seed)
        let runner = ScenarioRunner(
            scenario: scenario, transport: reference.transport, clock: reference.clock,
            options: .init(serverURL: reference.url))
        let result = await runner.run()
        await reference.stop()
        return (result, reference.transport.advanceCount, reference.url)
    }
}
