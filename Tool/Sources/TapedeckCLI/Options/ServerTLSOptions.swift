import ArgumentParser

/// `--tls-cert` and `--tls-key`, shared by `record`, `server` and `serve`: the certificate chain
/// and key a listener serves wss:// with. Both or neither.
struct ServerTLSOptions: ParsableArguments {
    @Option(name: .customLong("tls-cert"), help: "Certificate chain (PEM) to serve wss:// with; needs --tls-key.")
    var certificate: String?

    @Option(name: .customLong("tls-key"), help: "Private key (PEM) for --tls-cert.")
    var key: String?

    func validate() throws {
        if (certificate == nil) != (key == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both PEM files or neither.")
        }
    }
}
