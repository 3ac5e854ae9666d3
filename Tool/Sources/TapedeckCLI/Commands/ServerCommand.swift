import ArgumentParser
import Dispatch
import TapedeckGame
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckServers
import TapedeckTape
import TapedeckWebSocket

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tapedeck server`: the deterministic reference BaoLife game server.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Run the reference BaoLife game server (WebSocket at /wss/).",
        discussion: """
            Prints "listening on ws://HOST:PORT/wss/" as the first line of standard output, then \
            serves until SIGINT or SIGTERM. Every connection plays its own game, seeded from --seed and \
            the connection's ordinal. Rules, tiers, speeds and faults: docs/REFERENCE-SERVER.md.
            Exit codes: 0 after a signal, 1 when the server cannot start, 2 for bad options.
            """)

    @Option(help: ArgumentHelp("Address to listen on, HOST:PORT (port 0 picks a free port).", valueName: "host:port"))
    var listen = HostPort(host: HostPort.defaultHost, port: 0)

    @OptionGroup(title: "TLS")
    var tls: ServerTLSOptions

    @Option(help: "Server seed; each connection's game seed is derived from it and the connection's ordinal.")
    var seed: UInt64 = ReferenceServerConfiguration.defaultSeed

    @Option(help: "wall: one tick per real second; virtual: time passes only on {\"type\":\"advance\"} messages.")
    var clock: ClockMode = .wall

    @Option(name: .customLong("drop-after"), help: "Drop the TCP connection (no close frame) after N server messages.")
    var dropAfter: Int?

    @Option(help: "Delay every server message by MS milliseconds.")
    var delay: Int = 0

    @Option(name: .customLong("malformed-every"), help: "After every N-th server message, send a frame of broken JSON.")
    var malformedEvery: Int?

    @Option(name: .customLong("close-after"), help: "Close the WebSocket after N server messages, with --close-code.")
    var closeAfter: Int?

    @Option(name: .customLong("close-code"), help: "Close code for --close-after (default 1000).")
    var closeCode: UInt16 = 1000

    @Option(
        name: .customLong("drop-on"),
        help: ArgumentHelp(
            "Drop the TCP connection when a client message of TYPE arrives: applied, never answered.", valueName: "type"))
    var dropOn: String?

    @Option(
        name: .customLong("fault-connections"),
        help: ArgumentHelp(
            "The connections (1 for the first upgraded, 2 for the next...) the faults apply to, comma-separated (default: all).",
            valueName: "n,n"))
    var faultConnections: String?

    @Option(
        name: .customLong("refuse-first"), help: "Answer the first N upgrade requests 503, as a server coming back up (0-1000).")
    var refuseFirst: Int = 0

    @Option(name: .customLong("max-message"), help: "Largest client message in bytes; larger ones are closed with 1009.")
    var maxMessage: Int = ReferenceServerConfiguration.defaultMaxMessageBytes

    @OptionGroup(title: "Timeouts and limits")
    var connectionLimits: ConnectionLimitOptions

    func validate() throws {
        // The fault values' rules are a scenario's `server` line's too: one copy, in ScenarioServer.
        let faults = try faultOptions()
        for option in ScenarioServer.options {
            if let problem = faults.problem(with: option) {
                let text = problem.message + (problem.hint.map { "; \($0)" } ?? "")
                throw ValidationError(text.hasSuffix("?") ? text : text + ".")
            }
        }
        // A scenario's server line has this rule too, in its own words (FileParser+Server).
        if faults.faultConnections != nil, dropAfter == nil, delay == 0, malformedEvery == nil, closeAfter == nil, dropOn == nil {
            throw ValidationError(
                "--fault-connections chooses the connections a fault applies to, and no fault is given: add --drop-after, "
                    + "--delay, --malformed-every, --close-after or --drop-on (--refuse-first counts upgrade requests itself).")
        }
        if !(64...TapeFormat.maxMessageLength).contains(maxMessage) {
            throw ValidationError(
                "--max-message must be 64-\(TapeFormat.maxMessageLength) bytes, as for a recorded message (got \(maxMessage)).")
        }
    }

    /// The fault options as a scenario's `server` line holds them.
    private func faultOptions() throws -> ScenarioServer {
        var faults = ScenarioServer()
        faults.dropAfter = dropAfter
        faults.delayMilliseconds = delay
        faults.malformedEvery = malformedEvery
        faults.closeAfter = closeAfter
        faults.closeCode = Int(closeCode)
        faults.dropOn = dropOn
        faults.refuseFirst = refuseFirst
        if let faultConnections {
            guard let connections = ScenarioServer.connections(parsing: faultConnections) else {
                let problem = ScenarioServer.connectionsProblem
                throw ValidationError("\(problem.message) (got \"\(faultConnections)\"); \(problem.hint ?? "").")
            }
            faults.faultConnections = connections
        }
        return faults
    }

    func run() async throws {
        let faults = FaultPlan(try faultOptions())
        let configuration = ReferenceServerConfiguration(
            host: listen.host, port: listen.port, tlsCertificatePath: tls.certificate, tlsKeyPath: tls.key, seed: seed,
            clock: clock, faults: faults, refuseFirst: refuseFirst, maxMessageBytes: maxMessage,
            limits: connectionLimits.limits)
        let server: ReferenceServer
        do {
            server = try await ReferenceServer.start(configuration)
        } catch {
            let what = (error as? TLSFilesError).map { "\($0)" } ?? "cannot listen on \(listen): \(error)"
            printError("tapedeck server: \(what)")
            throw ExitCode(1)
        }
        // Unbuffered, so a script reading the first line gets it at once.
        writeLine("listening on \(server.url)", to: 1)
        let signal = await SignalWaiter.waitForTermination()
        printError("tapedeck server: \(signal), shutting down")
        try await server.shutdown()
    }

    private func printError(_ text: String) {
        writeLine(text, to: 2)
    }

    private func writeLine(_ text: String, to descriptor: Int32) {
        var line = text + "\n"
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }
}

extension ClockMode: ExpressibleByArgument {}

/// Waits for SIGINT or SIGTERM (the default handlers are replaced so the server can shut down cleanly).
enum SignalWaiter {
    static func waitForTermination() async -> String {
        await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let queue = DispatchQueue(label: "tapedeck.signals")
            let resumed = SignalOnce(continuation, queue: queue)
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { resumed.resume(name) }
                source.resume()
                resumed.keep(source)
            }
        }
    }
}

/// Resumes the waiting continuation once, and keeps the signal sources alive.
///
/// `@unchecked Sendable`: `continuation` is touched after `init` only by the sources' handlers,
/// which run one at a time on the serial `queue` (checked in debug builds); `sources` only by the
/// setup in `waitForTermination`, which no handler reads.
private final class SignalOnce: @unchecked Sendable {
    private let queue: DispatchQueue
    private var continuation: CheckedContinuation<String, Never>?
    private var sources: [DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<String, Never>, queue: DispatchQueue) {
        self.continuation = continuation
        self.queue = queue
    }

    func keep(_ source: DispatchSourceSignal) { sources.append(source) }

    func resume(_ name: String) {
        #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
        #endif
        continuation?.resume(returning: name)
        continuation = nil
    }
}
