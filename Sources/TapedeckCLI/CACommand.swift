import ArgumentParser
import Foundation

/// `tapedeck ca`: where the local CA of a recording folder is, made if missing, and how to trust
/// it; the CA `record --generate-cert` signs its wss:// certificate with.
struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show the local CA that signs --generate-cert's wss:// certificates, and how to trust it.",
        discussion: """
            The CA lives in DIR/tls (ca.pem, and ca-key.pem readable by you only), beside the tapes \\
            `tapedeck record --out DIR --generate-cert` writes; it is made here in-process when \\
            missing, and kept, so an app, simulator or browser that trusts it once keeps trusting it. \\
            Prints the CA's path and the commands that make the iOS Simulator, an iOS device, macOS, \\
            Linux and an NSS database (Chromium, Firefox) trust it; --pem prints the certificate \\
            itself. Exit codes: 0 done; 1 the CA cannot be made or read.
            """)

    @Option(help: "The recording folder whose CA to use (as record's --out).")
    var out = "Recordings"

    @Flag(help: "Print the CA certificate (PEM) instead of where it is.")
    var pem = false

    func run() throws {
        let generator = CertificateGenerator(folder: out + "/tls", hosts: [])
        let made: Bool
        do {
            made = try generator.ensureAuthority().made
        } catch {
            throw CommandFailure.exit("tapedeck ca: \(error)", code: 1)
        }
        if pem {
            print(try String(contentsOfFile: generator.caCertificate, encoding: .utf8), terminator: "")
            return
        }
        print("\(made ? "made" : "using") \(generator.caCertificate)")
        print(generator.trustInstructions)
    }
}
