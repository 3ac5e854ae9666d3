import ArgumentParser
import TapedeckReplay
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

/// `tapedeck serve TAPE`: serves a recorded session to a real client over WebSocket.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a recorded session over WebSocket, so an app can connect to a recording; --verify judges it.",
        discussion: """
            Prints "serving TAPE on ws://HOST:PORT/PATH" as the first line of standard output, where \
            PATH is the one the app asked for when the tape was recorded (/wss/ is accepted too), then \
            serves until SIGINT or SIGTERM. The client's first connection gets the tape's first \
            recorded connection, the next the next (so a reconnecting app finds its next session), \
            and after the last the first again. On connect the server messages recorded before the \
            first client message are sent; a client message that matches the next recorded client \
            message (same type, equal --match-fields inside message) gets the server messages \
            recorded after it, at their recorded delays (--timing recorded) or at once (--timing \
            fast). A client message that does not match is reported on standard error and gets no \
            answer; the tape stays where it is, so a later message may still match. The reference \
            server's clock messages (advance) are not expected from the client.

            With --verify, serve judges a client build against the recording: a message of the type \
            recorded next gets its answers and every value it changed is a difference (shown −/+ \
            against the recorded message, with the record number); a message equal to a later \
            recorded one means the ones between are missing; anything else is unexpected and gets \
            no answer. The run ends when every recorded client message was reached and answered, \
            when the client closed its last recorded connection, or at --timeout; the verdict is \
            printed on standard output (and --junit FILE writes it as JUnit XML).

            Exit codes: 0 after a signal, or with --verify when the client sent every recorded \
            client message in order; 1 with --verify when it did not, or when the server cannot \
            start; 2 when the tape cannot be read or for bad options.
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

    @Flag(help: "Judge the client: exit 0 when it sent every recorded client message in order, 1 with a report when not.")
    var verify = false

    @Option(
        help: ArgumentHelp(
            "With --verify: fields left out of the comparison, comma-separated paths inside message ([*] any index, * any run of keys).",
            valueName: "paths"))
    var ignoreFields: [String] = []

    @Option(help: ArgumentHelp("With --verify: seconds to wait for the client before the verdict.", valueName: "seconds"))
    var timeout: Double = 300

    /// A year, in seconds: --timeout's upper bound.
    static let maximumTimeout: Double = 31_536_000

    /// With --verify only.
    @OptionGroup var report: JUnitOption

    @OptionGroup(title: "TLS")
    var tls: ServerTLSOptions

    @OptionGroup(title: "Local CA") var localCA: LocalCAOptions

    @OptionGroup(title: "Timeouts and limits")
    var connectionLimits: ConnectionLimitOptions

    func validate() throws {
        if let matchFields,
            matchFields.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.trimmingSpaces.isEmpty })
        {
            throw ValidationError("--match-fields takes comma-separated field names, e.g. eventId,personId")
        }
        if !verify, !ignoreFields.isEmpty || report.junit != nil {
            throw ValidationError("--ignore-fields and --junit judge a client: add --verify")
        }
        // In nanoseconds it must fit 64 bits: 2e10 s trapped (issue 34, finding 5).
        guard timeout > 0, timeout <= Self.maximumTimeout else {
            throw ValidationError(
                "--timeout takes a positive number of seconds up to \(Int(Self.maximumTimeout)) (a year), e.g. 60")
        }
        _ = try ignoredFields()
        try localCA.validate(with: tls)
    }

    /// The --ignore-fields patterns, as one filter.
    func ignoredFields() throws -> SnapshotFilter {
        do {
            return try SnapshotFilter(
                ignoring: ignoreFields.flatMap { $0.split(separator: ",") }.map { String($0.trimmingSpaces) })
        } catch {
            throw ValidationError("--ignore-fields: \(error)")
        }
    }

    func run() async throws {
        var records: [TapeRecord] = []
        var recordedPath = TapeServer.path
        do {
            let reader = try TapeReader(path: tape)
            if let target = reader.header.metadata.requestTarget, target.hasPrefix("/") {
                recordedPath = String(target.prefix { $0 != "?" })
            }
            while let record = try reader.next() { records.append(record) }
        } catch {
            throw CommandFailure.exit(error.description, code: ScenarioExitCode.badInput)
        }
        guard records.contains(where: { $0.kind == .text }) else {
            throw CommandFailure.exit("\(tape) holds no messages to serve", code: ScenarioExitCode.badInput)
        }
        let fields = matchFields?.split(separator: ",").map { String($0.trimmingSpaces) } ?? []
        let verification = verify ? ServeVerification(records: records, ignoring: try ignoredFields()) : nil
        let signals = TerminationSignals()
        let files =
            try localCA.generateCertificate
            ? CertificateGenerator(
                folder: try CertificateGenerator.caFolder(
                    option: localCA.caDirectory, recordingFolder: "Recordings", command: "serve"),
                listenHost: listen.host
            ).serverFiles(for: "serve")
            : tls.certificate.map { ($0, tls.key ?? "") }
        let server: TapeServer
        do {
            let context = try files.map { try TLSFiles.serverContext(certificatePath: $0.0, keyPath: $0.1) }
            server = try await TapeServer.start(
                records: records, host: listen.host, port: listen.port, recordedPath: recordedPath, matchFields: fields,
                timing: timing, tls: context, verification: verification, limits: connectionLimits.limits,
                report: { line in Self.writeLine("tapedeck serve: \(line)", to: 2) })
        } catch {
            Self.writeLine("tapedeck serve: cannot listen on \(listen): \(error)", to: 2)
            throw ExitCode(1)
        }
        Self.writeLine("serving \(tape) on \(server.url)", to: 1)
        guard let verification else {
            let signal = await signals.wait()
            Self.writeLine("tapedeck serve: \(signal), shutting down", to: 2)
            await server.shutdown()
            return
        }
        let end = await ServeVerdictWait.first(verification: verification, signals: signals, timeout: timeout)
        Self.writeLine("tapedeck serve: \(end), shutting down", to: 2)
        await server.shutdown()
        let verdict = verification.verdict
        Self.writeLine(verdict.text, to: 1)
        if let junit = report.junit {
            do {
                let file = try OutputFile(replacing: junit)
                try file.write(verdict.junitXML(name: "tapedeck serve --verify \(tape)"))
                try file.commit()
            } catch {
                throw CommandFailure.exit("--junit \(junit): \(error)", code: 2)
            }
        }
        if !verdict.passed { throw ExitCode(1) }
    }

    /// Unbuffered, so a script reading the first line gets it at once.
    static func writeLine(_ text: String, to descriptor: Int32) {
        var line = text + "\n"
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }
}

extension ServeTiming: ExpressibleByArgument {}
