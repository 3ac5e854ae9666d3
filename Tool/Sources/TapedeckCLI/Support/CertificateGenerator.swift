import Foundation
import TapedeckProxy

/// `--generate-cert` and `tapedeck ca`: the local CA in the user's CA folder (`CAFolder`:
/// `ca.pem`, `ca-key.pem`) and a leaf certificate for the listener's hosts (`cert.pem`, `key.pem`
/// beside it), made in-process (`LocalCertificateAuthority`). Reused when the files already
/// exist, so an app that trusts the CA keeps trusting it.
struct CertificateGenerator {
    let folder: String
    let hosts: [String]

    /// The CA folder `--ca-dir` names (or the default), after moving a CA that an earlier version
    /// kept in `recordingFolder/tls` there, saying so on standard error as `command`.
    static func caFolder(option: String?, recordingFolder: String?, command: String) throws -> String {
        let folder = try CAFolder.resolve(option)
        if let recordingFolder {
            // A folder the user named (`--ca-dir`, or the old `--tls-dir Recordings/tls`).
            if option != nil, let refusal = CAFolder.refusal(of: folder, recordingFolder: recordingFolder) {
                throw CommandFailure.exit(refusal, code: 2)
            }
            for line in try CAFolder.migrate(recordingFolder: recordingFolder, to: folder) {
                FileHandle.standardError.write(Data("tapedeck \(command): \(line)\n".utf8))
            }
        }
        if option != nil, let workTree = CAFolder.gitWorkTree(containing: folder) {
            FileHandle.standardError.write(
                Data(
                    ("tapedeck \(command): warning: the CA folder \(folder) is inside the git work tree \(workTree): "
                        + "never commit its ca-key.pem (add it to .gitignore), or use a folder outside\n").utf8))
        }
        return folder
    }

    /// For a listener on `listenHost`: the leaf names it and the loopback names.
    init(folder: String, listenHost: String) {
        self.init(folder: folder, hosts: Array(Set(["localhost", "127.0.0.1", "::1", listenHost])).sorted())
    }

    init(folder: String, hosts: [String]) {
        self.folder = folder
        self.hosts = hosts
    }

    /// `--generate-cert` of `command`: makes what is missing, says on standard error what it made
    /// or reused and how to trust the CA, and returns the listener's certificate and key paths.
    func serverFiles(for command: String) throws -> (certificate: String, key: String) {
        let made: Bool
        do { made = try ensure() } catch { throw CommandFailure.exit("--generate-cert: \(error)", code: 1) }
        FileHandle.standardError.write(
            Data(
                "tapedeck \(command): \(made ? "made" : "using") \(certificate) signed by \(caCertificate)\n\(trustInstructions)\n"
                    .utf8))
        return (certificate, key)
    }

    var caCertificate: String { folder + "/ca.pem" }
    var certificate: String { folder + "/cert.pem" }
    var key: String { folder + "/key.pem" }

    /// Makes the CA unless it exists; returns it, and whether it was made.
    func ensureAuthority(now: Date = Date()) throws -> (authority: LocalCertificateAuthority, made: Bool) {
        try CAFolder.createPrivateFolder(folder)
        return try LocalCertificateAuthority.loadOrCreate(in: folder, now: now)
    }

    /// Makes the CA, and the leaf, unless they exist; returns whether it made the leaf.
    func ensure(now: Date = Date()) throws -> Bool {
        let (authority, madeAuthority) = try ensureAuthority(now: now)
        let manager = FileManager.default
        // A leaf left from an earlier CA would not be trusted: a new CA gets a new leaf. So does a
        // listener on an address the kept leaf does not name (a device connecting over Wi-Fi), and
        // a leaf near its end or longer-lived than a device accepts (earlier versions made 826-day ones).
        if !madeAuthority, manager.fileExists(atPath: key),
            let named = LocalCertificateAuthority.names(inCertificateAt: certificate), named.isSuperset(of: hosts),
            let validity = LocalCertificateAuthority.validity(ofCertificateAt: certificate),
            validity.notAfter.timeIntervalSince(validity.notBefore)
                <= LocalCertificateAuthority.leafBackdating + LocalCertificateAuthority.leafLifetime,
            validity.notAfter > now.addingTimeInterval(30 * 86_400)
        {
            return false
        }
        let leaf = try authority.issueLeaf(for: hosts, now: now)
        try LocalCertificateAuthority.write(leaf.keyPEM, to: key, secret: true)
        try LocalCertificateAuthority.write(leaf.certificatePEM, to: certificate, secret: false)
        return true
    }

    /// How to make a device, a simulator or a browser trust the CA.
    var trustInstructions: String {
        """
        To trust the proxy's certificate, install its CA (\(caCertificate)):
          iOS Simulator: xcrun simctl keychain booted add-root-cert \(caCertificate)
          iOS device:    AirDrop or mail the file, install the profile, then enable it in
                         Settings > General > About > Certificate Trust Settings
          macOS:         sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain \(caCertificate)
          Linux:         sudo cp \(caCertificate) /usr/local/share/ca-certificates/tapedeck.crt && sudo update-ca-certificates
          Chromium, Firefox (NSS): certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n "tapedeck local CA" -i \(caCertificate)
        """
    }
}
