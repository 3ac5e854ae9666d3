import Foundation
import TapedeckProtocol
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckServers
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// `--server`: a real WebSocket client in real time.
@Suite(.ownThread) struct LiveServerTests {
    /// A Python websockets server tells what the upgrade request carried: the scenario's path and
    /// query (aimed at the target's host and port), its header and its subprotocol.
    @Test func connectSendsTheScenariosHeadersAndSubprotocol() async throws {
        try Peers.requirePython()
        let echo = try ChildProcess(
            ChildProcess.python, [Peers.script("TapedeckScenarioNetworkTests", "header_echo_server.py")])
        defer { _ = Task { await echo.finish() } }
        let line = try await echo.firstLine()
        let port = try #require(
            line.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }, "echo server said \(line ?? "nothing")")

        let scenario = try LiveScenarioSupport.parse(
            """
            connect ws://game.example.com/wss/?build=42
            header X-Token: secret-${build}
            subprotocol baolife.v1
            expect error where message == "path=/wss/?build=42 token=secret-7 subprotocol=baolife.v1"
            close
            """, predefined: ["build": .int(7)])
        let transport = LiveWebSocketTransport(target: try WebSocketURL(parsing: "ws://127.0.0.1:\(port)/other/"))
        let runner = ScenarioRunner(
            scenario: scenario, transport: transport, clock: RealScenarioClock(),
            options: .init(variables: ["build": .int(7)]))
        let result = await runner.run()
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
    }

    /// A shipped scenario against `tapedeck server`'s engine on the wall clock, through `--server`'s
    /// transport and the real clock.
    @Test func characterCreationPassesAgainstAWallClockServer() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(clock: .wall))
        let scenario = try ScenarioParser().parse(file: ChildProcess.repositoryRoot + "/Scenarios/character-creation.scenario")
        let transport = LiveWebSocketTransport(target: try WebSocketURL(parsing: server.url))
        let result = await ScenarioRunner(
            scenario: scenario, transport: transport, clock: RealScenarioClock(),
            options: .init(serverURL: server.url)
        ).run()
        try await server.shutdown()
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
    }

    /// A server that is not there fails the connect step, with the address and the system's reason
    /// in plain words (issue 23, finding 11: it was NIO's `SingleConnectionFailure(...)` text).
    @Test func anUnreachableServerFailsTheConnectStep() async throws {
        let scenario = try LiveScenarioSupport.parse("connect\n")
        let transport = LiveWebSocketTransport(
            target: try WebSocketURL(parsing: "ws://127.0.0.1:1/wss/"), connectTimeout: .seconds(5))
        let result = await ScenarioRunner(
            scenario: scenario, transport: transport, clock: RealScenarioClock(),
            options: .init(serverURL: "ws://127.0.0.1:1/wss/")
        ).run()
        #expect(!result.passed)
        #expect(
            result.steps.first?.message?.hasSuffix("cannot connect to ws://127.0.0.1:1/wss/: 127.0.0.1: Connection refused")
                == true,
            "\(ScenarioReport.text(for: result))")
    }

    @Test func aHostThatDoesNotResolveIsSaidSo() async throws {
        let scenario = try LiveScenarioSupport.parse("connect\n")
        let transport = LiveWebSocketTransport(
            target: try WebSocketURL(parsing: "ws://no-such-host.invalid:80/wss/"),
            connectTimeout: .seconds(5))
        let result = await ScenarioRunner(
            scenario: scenario, transport: transport, clock: RealScenarioClock(),
            options: .init(serverURL: "ws://no-such-host.invalid:80/wss/")
        ).run()
        #expect(!result.passed)
        #expect(
            result.steps.first?.message?.hasSuffix("cannot resolve the host name no-such-host.invalid") == true,
            "\(ScenarioReport.text(for: result))")
    }
}
