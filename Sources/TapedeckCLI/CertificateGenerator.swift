import Foundation

/// `tapedeck record --generate-cert`: a local CA and a leaf certificate for the proxy's wss://
/// listener, made with the `openssl` command. Reused when the files already exist.
struct CertificateGenerator {
    let folder: String
    let hosts: [String]

    var caCertificate: String { folder + "/ca.pem" }
    var caKey: String { folder + "/ca-key.pem" }
    var certificate: String { folder + "/cert.pem" }
    var key: String { folder + "/key.pem" }

    /// Makes the files unless all four exist; returns whether it made them.
    func ensure() throws -> Bool {
        let manager = FileManager.default
        if [caCertificate, caKey, certificate, key].allSatisfy({ manager.fileExists(atPath: $0) }) { return false }
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let san = hosts.map { host in
            host.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" } ? "IP:\(host)" : "DNS:\(host)"
        }.joined(separator: ",")
        let extensions = folder + "/leaf.ext"
        try
            "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=\(san)\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        defer { try? manager.removeItem(atPath: extensions); try? manager.removeItem(atPath: folder + "/leaf.csr") }
        try run([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "825",
            "-subj", "/CN=tapedeck local CA", "-keyout", caKey, "-out", caCertificate,
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
        try run([
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-subj", "/CN=\(hosts.first ?? "localhost")", "-keyout", key, "-out", folder + "/leaf.csr",
        ])
        try run([
            "x509", "-req", "-in", folder + "/leaf.csr", "-CA", caCertificate, "-CAkey", caKey, "-CAcreateserial",
            "-days", "825", "-extfile", extensions, "-out", certificate,
        ])
        chmod(caKey, 0o600)
        chmod(key, 0o600)
        return true
    }

    /// How to make a device or simulator trust the CA.
    var trustInstructions: String {
        """
        To trust the proxy's certificate, install its CA (\(caCertificate)):
          iOS Simulator: xcrun simctl keychain booted add-root-cert \(caCertificate)
          iOS device:    AirDrop or mail the file, install the profile, then enable it in
                         Settings > General > About > Certificate Trust Settings
          macOS:         sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain \(caCertificate)
          Linux:         sudo cp \(caCertificate) /usr/local/share/ca-certificates/tapedeck.crt && sudo update-ca-certificates
        """
    }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CertificateGeneratorError(
                message: "cannot run openssl (\(error)): install OpenSSL, or pass --tls-cert and --tls-key")
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CertificateGeneratorError(message: "openssl \(arguments.prefix(2).joined(separator: " ")) failed: \(text)")
        }
    }
}

struct CertificateGeneratorError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
