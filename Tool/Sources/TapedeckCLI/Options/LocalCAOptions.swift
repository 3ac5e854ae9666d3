import ArgumentParser

/// `--generate-cert` and `--ca-dir`, shared by `record` and `serve`: serve wss:// with a
/// certificate from the local CA (`tapedeck ca`), which lives in the user's configuration folder
/// unless `--ca-dir` names another, never in a recording folder.
struct LocalCAOptions: ParsableArguments {
    @Flag(
        name: .customLong("generate-cert"),
        help: "Serve wss:// with a certificate from the local CA, made if missing (`tapedeck ca`).")
    var generateCertificate = false

    @Option(
        name: [.customLong("ca-dir"), .customLong("tls-dir")],
        help: ArgumentHelp(
            "The local CA's folder, for --generate-cert and record's forward mode (default: your configuration folder, never a recording folder).",
            valueName: "dir"))
    var caDirectory: String?

    /// A generated certificate and one given with --tls-cert cannot both be served.
    func validate(with tls: ServerTLSOptions) throws {
        if generateCertificate && tls.certificate != nil {
            throw ValidationError("--generate-cert makes its own certificate: leave out --tls-cert and --tls-key.")
        }
    }
}
