import ArgumentParser
import Foundation
import TapedeckCatalog
import TapedeckCore
import TapedeckProxy
import TapedeckRedaction
import TapedeckTape
import TapedeckWebSocket

/// `tapedeck record`: the recording proxy.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record WebSocket sessions through a reverse or forward proxy, one tape per app session.",
        discussion: """
            Reverse mode (the default): the app connects to --listen; each connection is forwarded to \
            --upstream (ws or wss, certificates verified). Forward mode: --listen is an HTTP proxy that \
            the device or simulator is set to use; CONNECT and ws:// requests to a host matching an \
            --intercept pattern are recorded, TLS terminated with a certificate for that host from the \
            local CA (`tapedeck ca` shows where it is and how to trust it); other hosts are refused \
            (403) unless --pass-through names them, then tunnelled untouched and not recorded. Never \
            reached through it, whatever the flags: loopback (unless an --intercept names localhost, \
            127.0.0.1 or ::1), link-local and unspecified addresses, and the proxy's own ports. Only \
            clients on local networks may use it (--allow-clients). Each app session is recorded, secrets redacted, into \
            DIR/<UTC start>-<first connection>.tape: its connections (same client address and upstream URL, or \
            --session-key), their drops and reconnects, until --session-gap seconds pass with none open; \
            --tape-per connection makes a tape per connection. Each closed tape is added to DIR/catalog.sqlite. \
            The first line of standard output is "recording on URL -> UPSTREAM, tapes in DIR" (reverse) \
            or "recording on http://HOST:PORT (forward proxy, intercepting PATTERNS), tapes in DIR"; \
            the second names the control endpoint for `tapedeck mark`. SIGINT or SIGTERM closes every \
            session (1001) and every tape cleanly.
            Exit codes: 0 after a signal, 1 when the proxy cannot start, 2 for bad options.
            See docs/RECORDING.md.
            """)

    @Option(help: "reverse: the app connects here and goes to --upstream; forward: an HTTP proxy recording --intercept hosts.")
    var mode = ProxyModeOption.reverse

    @Option(
        help: ArgumentHelp(
            "Address to listen on, HOST:PORT (port 0 picks a free port). Loopback unless you say otherwise.",
            valueName: "host:port"))
    var listen = HostPort(host: HostPort.defaultHost, port: 0)

    @Option(help: "Reverse mode: the server to forward to, ws://HOST:PORT/PATH or wss://HOST:PORT/PATH.")
    var upstream: String?

    @Option(
        name: .customLong("intercept"),
        help: ArgumentHelp(
            "Forward mode: record sessions to this host (repeatable): NAME, *.NAME (its subdomains), an IP or *; any port unless given.",
            valueName: "host[:port]"),
        transform: InterceptPattern.argument)
    var intercept: [InterceptPattern] = []

    @Option(
        name: .customLong("pass-through"),
        help: ArgumentHelp(
            "Forward mode: tunnel this host untouched and unrecorded (repeatable; same forms as --intercept, '*' for every host). Others get a 403.",
            valueName: "host[:port]"),
        transform: InterceptPattern.passThroughArgument)
    var passThrough: [InterceptPattern] = []

    @Option(
        name: .customLong("allow-clients"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Forward mode: the clients that may use the proxy, ADDRESS or ADDRESS/BITS (default: loopback and local networks).",
            valueName: "cidr"),
        transform: AddressRange.argument)
    var allowClients: [AddressRange] = []

    @Option(help: "Folder for tapes and catalog.sqlite (created if missing).")
    var out = "Recordings"

    @Option(name: .customLong("label"), help: "A label for every tape: NAME or KEY=VALUE (repeatable).")
    var labels: [String] = []

    @Option(help: "A redaction rules file adding to the defaults (see docs/RECORDING.md).")
    var redact: String?

    @Option(name: .customLong("max-message"), help: "Largest message in bytes either side may send; larger ones close with 1009.")
    var maxMessage: Int = 16 << 20

    @OptionGroup(title: "TLS towards the app")
    var tls: ServerTLSOptions

    @OptionGroup(title: "Local CA") var localCA: LocalCAOptions

    @Option(name: .customLong("ca-file"), help: "An extra CA (PEM) to trust for a wss:// upstream.")
    var caFile: String?

    @Flag(help: "Do not verify the upstream's certificate. Only for test servers you trust.")
    var insecure = false

    @Option(help: ArgumentHelp("The control endpoint for `tapedeck mark`, HOST:PORT on loopback.", valueName: "host:port"))
    var control = HostPort(host: HostPort.defaultHost, port: 0)

    @OptionGroup(title: "Sessions") var tapes: TapeGroupingOptions

    @OptionGroup(title: "Catalog") var catalog: CatalogOptions

    @Option(help: "Event loop threads, 1-256 (default: one per core).")
    var threads: Int?

    @OptionGroup(title: "Timeouts and limits")
    var connectionLimits: ConnectionLimitOptions

    @Option(
        name: .customLong("status-interval"),
        help: "Seconds between status lines on standard error (default: 1 on a terminal, 10 otherwise).")
    var statusInterval: Double?

    func validate() throws {
        guard control.isLoopback else {
            throw ValidationError("--control must be a loopback address (127.0.0.1 or ::1): markers are for this machine only.")
        }
        switch mode {
        case .reverse:
            guard let upstream else {
                throw ValidationError(
                    "--upstream URL is needed in reverse mode (e.g. wss://game.example.com/wss/); or record as a forward proxy with --mode forward --intercept HOST."
                )
            }
            if !intercept.isEmpty || !passThrough.isEmpty || !allowClients.isEmpty {
                throw ValidationError(
                    "--intercept, --pass-through and --allow-clients are for --mode forward; reverse mode records every connection."
                )
            }
            let upstreamURL: UpstreamURL
            switch UpstreamURL.parse(upstream) {
            case .success(let url): upstreamURL = url
            case .failure(let error): throw ValidationError("\(error)")
            }
            // Upstream TLS options mean nothing for ws://: accepting them silently hid a wrong --upstream.
            if !upstreamURL.secure, caFile != nil || insecure {
                throw ValidationError(
                    "\(caFile != nil ? "--ca-file" : "--insecure") is for a wss:// upstream; \(upstream) is plain ws://.")
            }
        case .forward:
            if upstream != nil {
                throw ValidationError("--upstream is for reverse mode: in forward mode each session goes where the app asked.")
            }
            if intercept.isEmpty {
                throw ValidationError(
                    "--mode forward needs at least one --intercept HOST[:PORT] to record (e.g. --intercept lichun.app).")
            }
            if localCA.generateCertificate || tls.certificate != nil {
                throw ValidationError(
                    "--generate-cert, --tls-cert and --tls-key are for reverse mode: a forward proxy speaks plain HTTP and makes a certificate per intercepted host."
                )
            }
        }
        if let caFile, access(caFile, R_OK) != 0 {
            throw ValidationError(
                "--ca-file \(caFile): cannot read it (\(String(cString: strerror(errno)))); give a PEM file with the CA's certificate."
            )
        }
        try localCA.validate(with: tls)
        if !(125...TapeFormat.maxMessageLength).contains(maxMessage) {
            throw ValidationError(
                "--max-message must be 125-\(TapeFormat.maxMessageLength) bytes, the most a tape record holds (got \(maxMessage))."
            )
        }
        // Each is an event loop thread: 100,000 of them killed the process (issue 34, finding 5).
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be 1-256, event loop threads (got \(threads)); the default is one per core.")
        }
        if let statusInterval, !(statusInterval >= 0.1 && statusInterval <= 86400) {
            throw ValidationError("--status-interval must be between 0.1 and 86400 seconds (got \(statusInterval)).")
        }
        for label in labels where label.isEmpty || label.hasPrefix("=") {
            throw ValidationError("--label needs a NAME or KEY=VALUE (got \"\(label)\").")
        }
    }

    func run() async throws {
        let rules = try redactionRules()
        // Before anything is written there (certificates, the catalog) and before "recording on".
        do {
            try OutputFolder.prepare(out)
        } catch {
            throw CommandFailure.exit("\(error)", code: 1)
        }
        let configuration = try proxyConfiguration(redaction: rules)
        let cataloguer = try tapeCataloguer()
        let proxy: RecordingProxy
        do {
            proxy = try await RecordingProxy.start(
                configuration,
                onTapeClosed: { tape in
                    if let failure = tape.failure { Self.emit("tapedeck record: \(tape.path): \(failure)", to: 2) }
                    if let problem = cataloguer?.add(tape) { Self.emit("tapedeck record: \(problem)", to: 2) }
                },
                onProblem: { Self.emit("tapedeck record: \($0)", to: 2) })
        } catch {
            throw CommandFailure.exit("cannot start the proxy on \(listen): \(error)", code: 1)
        }
        // Caught from here on: a signal right after the first line closes the tapes cleanly too.
        let signals = TerminationSignals()
        announce(proxy, configuration: configuration)
        let controlFile = out + "/.tapedeck-control"
        if let address = proxy.controlAddress {
            let text = "\(address.ipAddress ?? control.host):\(address.port ?? 0)"
            Self.emit("control on http://\(text) (tapedeck mark NAME --control \(text))", to: 1)
            try? (text + "\n").write(toFile: controlFile, atomically: true, encoding: .utf8)
        }
        let status = Task { [statusInterval] in await StatusLine(proxy: proxy, interval: statusInterval).run() }
        let signal = await signals.wait()
        status.cancel()
        _ = await status.result
        Self.emit("tapedeck record: \(signal), closing every session and tape", to: 2)
        try await proxy.shutdown()
        try? FileManager.default.removeItem(atPath: controlFile)
        let totals = proxy.statistics()
        Self.emit(
            "tapedeck record: \(totals.tapesClosed) tape\(totals.tapesClosed == 1 ? "" : "s"), "
                + "\(totals.messages) messages, \(StatusLine.bytes(totals.compressedBytes)) in \(out)", to: 2)
    }

    /// The default rules, the session key's and `--redact`'s file, merged.
    private func redactionRules() throws -> RedactionRules {
        // A session key may be a token: its value is redacted like one (docs/RECORDING.md, "Sessions").
        let rules = RedactionRules.defaults.merging(tapes.keyRedaction)
        guard let redact else { return rules }
        do {
            let text = String(decoding: try BoundedFile.read(redact, limit: BoundedFile.Limit.smallText), as: UTF8.self)
            return rules.merging(try RedactionRules.parse(text, source: redact))
        } catch let error as TextFileError {
            throw CommandFailure.exit("\(error)", code: 2)
        } catch {
            throw CommandFailure.exit("cannot read the redaction rules: \(error)", code: 2)
        }
    }

    /// The proxy's configuration from the options, with the certificate made first when
    /// `--generate-cert` asks for one.
    private func proxyConfiguration(redaction rules: RedactionRules) throws -> RecordingProxyConfiguration {
        var certificate = tls.certificate
        var key = tls.key
        if localCA.generateCertificate {
            let folder = try CertificateGenerator.caFolder(option: localCA.caDirectory, recordingFolder: out, command: "record")
            (certificate, key) = try CertificateGenerator(folder: folder, listenHost: listen.host).serverFiles(for: "record")
        }
        var labelMap: [String: String] = [:]
        for label in labels {
            if let equals = label.firstIndex(of: "=") {
                labelMap[String(label[..<equals])] = String(label[label.index(after: equals)...])
            } else {
                labelMap[label] = ""
            }
        }
        return RecordingProxyConfiguration(
            listenHost: listen.host, listenPort: listen.port, mode: try proxyMode(), outputDirectory: out,
            tapes: tapes.grouping, labels: labelMap, redaction: rules, passThrough: passThrough,
            allowedClients: allowClients.isEmpty ? AddressRange.localNetworks : allowClients, maxMessageBytes: maxMessage,
            tlsCertificatePath: certificate, tlsKeyPath: key,
            upstreamCAPath: caFile, upstreamInsecure: insecure, controlHost: control.host, controlPort: control.port,
            limits: connectionLimits.limits, eventLoopThreads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
            writerThreads: 1,
            tool: "tapedeck \(TapedeckVersion.current)")
    }

    /// The catalog that lists each tape as it closes, when one is kept.
    private func tapeCataloguer() throws -> TapeCataloguer? {
        guard let path = catalog.path(inFolder: out) else { return nil }
        do {
            // Named relative to the catalog's folder, as `check` names them.
            return TapeCataloguer(catalog: try Catalog(path: path), folder: CatalogPaths.folder(of: path))
        } catch {
            throw CommandFailure.exit("\(error)", code: 1)
        }
    }

    /// The first line, where the proxy records to (unbuffered, so a script reading it gets it at
    /// once), and the warning of a forward proxy open beyond this machine.
    private func announce(_ proxy: RecordingProxy, configuration: RecordingProxyConfiguration) {
        switch configuration.mode {
        case .reverse(let upstreamURL):
            Self.emit("recording on \(proxy.url) -> \(upstreamURL), tapes in \(out)", to: 1)
        case .forward(let intercept, _):
            let patterns = intercept.map(\.description).joined(separator: ", ")
            Self.emit("recording on \(proxy.url) (forward proxy, intercepting \(patterns)), tapes in \(out)", to: 1)
            if !listen.isLoopback {
                let clients = configuration.allowedClients.map(\.description).joined(separator: " ")
                Self.emit(
                    "tapedeck record: warning: listening on \(listen), not loopback: any device that reaches it may use "
                        + "this proxy. It serves clients from \(clients) only (--allow-clients to narrow it), and "
                        + "reaches only the --intercept and --pass-through hosts, never this machine's loopback.", to: 2)
            }
        }
    }

    /// The mode, with what it needs: the upstream, or the local CA (made if missing, with the
    /// commands to trust it on standard error).
    private func proxyMode() throws -> RecordingProxyMode {
        switch mode {
        case .reverse:
            guard let upstream, case .success(let upstreamURL) = UpstreamURL.parse(upstream) else { throw ExitCode(2) }
            return .reverse(upstream: upstreamURL)
        case .forward:
            let folder = try CertificateGenerator.caFolder(option: localCA.caDirectory, recordingFolder: out, command: "record")
            let generator = CertificateGenerator(folder: folder, hosts: [])
            let (authority, made): (LocalCertificateAuthority, Bool)
            do {
                (authority, made) = try generator.ensureAuthority()
            } catch {
                throw CommandFailure.exit("tapedeck record: the local CA: \(error)", code: 1)
            }
            Self.emit(
                "tapedeck record: \(made ? "made" : "using") the CA \(generator.caCertificate)\n\(generator.trustInstructions)",
                to: 2)
            return .forward(intercept: intercept, authority: authority)
        }
    }

    /// Writes a line straight to the descriptor, unbuffered.
    static func emit(_ text: String, to descriptor: Int32, newline: Bool = true) {
        var line = newline ? text + "\n" : text
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }
}
