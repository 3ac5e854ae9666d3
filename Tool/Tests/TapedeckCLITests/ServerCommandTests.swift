import Testing

@testable import TapedeckCLI

@Suite struct ServerCommandTests {
    @Test func defaultsListenOnLoopbackWithAFreePort() throws {
        let command = try ServerCommand.parse([])
        #expect(command.listen == HostPort(host: "127.0.0.1", port: 0) && command.clock == .wall && command.maxMessage == 1 << 20)
    }

    @Test(arguments: [
        (["--tls-cert", "cert.pem"], "--tls-cert and --tls-key go together"),
        (["--listen", "localhost"], "The value 'localhost' is invalid for '--listen <host:port>'"),
        (["--listen", "127.0.0.1:70000"], "The value '127.0.0.1:70000' is invalid for '--listen <host:port>'"),
        (["--drop-after", "0"], "--drop-after must be 1 or more"),
        (["--close-code", "1006"], "--close-code 1006 cannot be sent"),
        (["--delay=-5"], "--delay must not be negative"),
        // The same rules and words as a scenario's `server` line (ParserErrorTests).
        (["--drop-on", "claimEvnt"], #"--drop-on claimEvnt is not a client message type; did you mean "claimEvent"?"#),
        (["--refuse-first", "2000"], "--refuse-first must be 0-1000 (got 2000)"),
        (["--fault-connections", "0,2"], "--fault-connections takes connection numbers from 1, comma-separated"),
        // Issue 51, finding 9: a choice of connections with no fault to apply to them.
        (["--fault-connections", "1"], "--fault-connections chooses the connections a fault applies to, and no fault is given"),
        (["--refuse-first", "2", "--fault-connections", "1"], "and no fault is given"),
    ])
    func badCombinationsAreRefused(arguments: [String], message: String) {
        do {
            _ = try ServerCommand.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(ServerCommand.message(for: error).contains(message), "\(ServerCommand.message(for: error))")
        }
    }

    @Test func faultConnectionsWithAFaultParse() throws {
        #expect(try ServerCommand.parse(["--drop-on", "purchaseItem", "--fault-connections", "1"]).faultConnections == "1")
    }

    @Test func clockModesParse() throws {
        #expect(try ServerCommand.parse(["--clock", "virtual"]).clock == .virtual)
        #expect(throws: (any Error).self) { try ServerCommand.parse(["--clock", "sundial"]) }
    }
}
