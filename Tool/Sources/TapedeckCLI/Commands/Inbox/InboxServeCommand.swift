import ArgumentParser
import Foundation
import TapedeckCore
import TapedeckInbox
import TapedeckRedaction
import TapedeckTape
import TapedeckWebSocket

/// `tapedeck inbox serve`: the collector, the triage workers and the team's page in one process.
struct InboxServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Take reports from flight recorders, triage them and serve the team's page.",
        discussion: """
            Listens for uploads at POST /v1/reports (Authorization: Bearer with an upload token of \
            the tokens file) and serves the page of groups at / (a read token). Prints "inbox on \
            http://HOST:PORT" as the first line of standard output, then serves until SIGINT or \
            SIGTERM. With --store alone everything is in that folder (rows in SQLite); with \
            --postgres several collectors and `inbox work` processes share the rows.

            A missing tokens file in the store is made with a random upload token (app `default`) \
            and read token, readable by its owner only.

            Exit codes: 0 after a signal; 1 when the store cannot be opened or the address not \
            listened on; 2 for bad options.
            """)

    @OptionGroup var storeOptions: InboxStoreOptions

    @Option(help: ArgumentHelp("Address to listen on, HOST:PORT (port 0 picks a free port).", valueName: "host:port"))
    var listen = HostPort(host: HostPort.defaultHost, port: 8470)

    @Option(help: ArgumentHelp("Triage workers in this process, 0 to 64 (0: run `inbox work` elsewhere).", valueName: "count"))
    var workers = 1

    @Option(help: ArgumentHelp("The largest upload accepted, in MiB (1 to 1024).", valueName: "MiB"))
    var maxUploadMiB = UploadIntake.defaultLimit >> 20

    @Option(help: "A redaction rules file adding to the defaults, applied again to every upload (see docs/RECORDING.md).")
    var redact: String?

    @OptionGroup(title: "TLS") var tls: ServerTLSOptions

    @Option(help: ArgumentHelp("Most connections open at once, 1 to 65536; more get 503.", valueName: "count"))
    var maxConnections = 512

    @Option(
        help: ArgumentHelp(
            "Seconds a worker holds a report before another may take it (its worker died), 5 to 86400.",
            valueName: "seconds"))
    var triageLease = 600

    func validate() throws {
        guard (5...86_400).contains(triageLease) else {
            throw ValidationError("--triage-lease takes 5 to 86400 seconds (got \(triageLease))")
        }
        guard (0...64).contains(workers) else { throw ValidationError("--workers takes 0 to 64 (got \(workers))") }
        guard (1...1024).contains(maxUploadMiB) else {
            throw ValidationError("--max-upload-mib takes 1 to 1024 (got \(maxUploadMiB))")
        }
        guard (1...65536).contains(maxConnections) else {
            throw ValidationError("--max-connections takes 1 to 65536 (got \(maxConnections))")
        }
    }

    func run() async throws {
        let rules = try redactionRules()
        let store = try await storeOptions.open()
        let tokens: InboxTokens
        do {
            tokens = try store.tokens { path in
                ServeCommand.writeLine("inbox: made \(path) with new tokens (keep it secret)", to: 2)
            }
        } catch {
            throw CommandFailure.exit("inbox: \(error)", code: 1)
        }
        let intake = UploadIntake(
            tokens: tokens, limit: maxUploadMiB << 20, rules: rules, rows: store.rows, blobs: store.blobs,
            scratch: store.scratch, now: WallClock.nowMilliseconds)
        let signals = TerminationSignals()
        let server: InboxServer
        do {
            let context = try tls.certificate.map { try TLSFiles.serverContext(certificatePath: $0, keyPath: tls.key ?? "") }
            server = try await InboxServer.start(
                host: listen.host, port: listen.port, routes: InboxRoutes(intake: intake, secure: context != nil),
                limit: intake.limit, tls: context, maxConnections: maxConnections)
        } catch {
            throw CommandFailure.exit("inbox: cannot listen on \(listen): \(error)", code: 1)
        }
        let scheme = tls.certificate == nil ? "http" : "https"
        let shown = HostPort(host: listen.host, port: server.port)
        ServeCommand.writeLine("inbox on \(scheme)://\(shown)", to: 1)
        if !listen.isLoopback, tls.certificate == nil {
            ServeCommand.writeLine(
                "inbox: listening beyond this machine without TLS: tokens and tapes cross the network in clear (give --tls-cert and --tls-key)",
                to: 2)
        }
        let triage = store.workers(count: workers, lease: Int64(triageLease) * 1000).map { worker in
            Task { await worker.run { ServeCommand.writeLine($0, to: 2) } }
        }
        let signal = await signals.wait()
        ServeCommand.writeLine("inbox: \(signal): stopping", to: 2)
        for task in triage { task.cancel() }
        await server.close()
    }

    private func redactionRules() throws -> RedactionRules {
        guard let redact else { return .defaults }
        do {
            let text = String(decoding: try BoundedFile.read(redact, limit: BoundedFile.Limit.smallText), as: UTF8.self)
            return RedactionRules.defaults.merging(try RedactionRules.parse(text, source: redact))
        } catch {
            throw CommandFailure.exit("cannot read the redaction rules: \(error)", code: 2)
        }
    }
}
