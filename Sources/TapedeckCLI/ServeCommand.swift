import ArgumentParser
import TapedeckNetwork
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckTape

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tapedeck serve TAPE`: serves a recorded session to a real client over WebSocket.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a recorded session over WebSocket (at /wss/), so an app can connect to a recording.",
        discussion: """
            Prints "serving TAPE on ws://HOST:PORT/wss/" as the first line of standard output, then \
            serves until SIGINT or SIGTERM. Every connection replays the tape's first session from its \
            start: the server messages recorded before the first client message are sent on connect; \
            a client message that matches the next recorded client message (same type, equal \
            --match-fields inside message) gets the server messages recorded after it, at their \
            recorded delays (--timing recorded) or at once (--timing fast). A client message that does \
            not match is reported on standard error and gets no answer; the tape stays where it is, so \
            a later message may still match. Exit codes: 0 after a signal, 1 when the server cannot \
            start, 2 when the tape cannot be read or for bad options.
            """)

    @Argument(help: "The tape to serve.")
    var tape: String

    @Option(help: ArgumentHelp("Address to listen on, HOST:PORT (port 0 picks a free port).", valueName: "host:port"))
    var listen = HostPort(host: HostPort.defaultHost, port: 0)

    @Option(
        help:
            "Body fields a client message must share with the recorded one, besides its type (comma-separated, e.g. eventId,personId)."
    )
    var matchFields: String?

    @Option(help: "recorded: send answers at their recorded delays; fast: send them at once.")
    var timing: ServeTiming = .recorded

    @OptionGroup(title: "TLS")
    var tls: ServerTLSOptions

    @OptionGroup(title: "Timeouts and limits")
    var connectionLimits: ConnectionLimitOptions

    func validate() throws {
        if let matchFields,
            matchFields.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.trimmingSpaces.isEmpty })
        {
            throw ValidationError("--match-fields takes comma-separated field names, e.g. eventId,personId")
        }
    }

    func run() async throws {
        var records: [TapeRecord] = []
        do {
            let reader = try TapeReader(path: tape)
            while let record = try reader.next() { records.append(record) }
        } catch {
            throw CommandFailure.exit(error.description, code: ScenarioExitCode.badInput)
        }
        guard records.contains(where: { $0.kind == .text }) else {
            throw CommandFailure.exit("\(tape) holds no messages to serve", code: ScenarioExitCode.badInput)
        }
        let fields = matchFields?.split(separator: ",").map { String($0.trimmingSpaces) } ?? []
        let server: TapeServer
        do {
            let context = try tls.certificate.map { certificate in
                try TLSFiles.serverContext(certificatePath: certificate, keyPath: tls.key ?? "")
            }
            server = try await TapeServer.start(
                records: records, host: listen.host, port: listen.port, matchFields: fields, timing: timing,
                tls: context, limits: connectionLimits.limits,
                report: { line in Self.writeLine("tapedeck serve: \(line)", to: 2) })
        } catch {
            Self.writeLine("tapedeck serve: cannot listen on \(listen): \(error)", to: 2)
            throw ExitCode(1)
        }
        Self.writeLine("serving \(tape) on \(server.url)", to: 1)
        let signal = await SignalWaiter.waitForTermination()
        Self.writeLine("tapedeck serve: \(signal), shutting down", to: 2)
        await server.shutdown()
    }

    /// Unbuffered, so a script reading the first line gets it at once.
    static func writeLine(_ text: String, to descriptor: Int32) {
        var line = text + "\n"
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }
}

extension ServeTiming: ExpressibleByArgument {}
