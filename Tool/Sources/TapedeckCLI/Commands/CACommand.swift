import ArgumentParser
import Foundation

/// `tapedeck ca`: where the local CA is (the user's CA folder, made if missing), and how to trust
/// it; the CA that `record --generate-cert` and forward mode sign their certificates with.
struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show the local CA that signs the recording proxy's certificates, and how to trust it.",
        discussion: """
            The CA lives in your own configuration folder, per user and per machine \
            (~/.config/tapedeck/ca, or $XDG_CONFIG_HOME/tapedeck/ca; on macOS \
            ~/Library/Application Support/Tapedeck/ca), never in a recording folder that a team \
            commits: ca.pem, and ca-key.pem readable by you only. --ca-dir chooses another folder. \
            It is made here in-process when missing, and kept, so an app, simulator or browser that \
            trusts it once keeps trusting it. A CA an earlier version kept in DIR/tls (--out) is \
            moved there, with a message. Prints the CA's path and the commands that make the iOS \
            Simulator, an iOS device, macOS, Linux and an NSS database (Chromium, Firefox) trust \
            it; --pem prints the certificate itself. Exit codes: 0 done; 1 the CA cannot be made, \
            moved or read.
            """)

    @Option(help: "A recording folder whose old DIR/tls CA to move into the CA folder (as record's --out).")
    var out = "Recordings"

    @Option(
        name: .customLong("ca-dir"), help: ArgumentHelp("The CA's folder (default: your configuration folder).", valueName: "dir")
    )
    var caDirectory: String?

    @Flag(help: "Print the CA certificate (PEM) instead of where it is.")
    var pem = false

    func run() throws {
        let made: Bool
        let generator: CertificateGenerator
        do {
            let folder = try CertificateGenerator.caFolder(option: caDirectory, recordingFolder: out, command: "ca")
            generator = CertificateGenerator(folder: folder, hosts: [])
            made = try generator.ensureAuthority().made
        } catch let code as ExitCode {
            throw code
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
