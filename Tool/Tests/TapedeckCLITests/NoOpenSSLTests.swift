import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// No tapedeck command starts `openssl` (issue 20): the certificates are made in-process. An
/// `openssl` first on the PATH that notes every call watches `tapedeck ca` and `record
/// --generate-cert`, and the certificates they make are checked by an independent reader,
/// Python's `ssl` module (OpenSSL underneath, with its own checks).
@Suite(.tags(.integration), .ownThread) struct NoOpenSSLTests {
    @Test func certificatesAreMadeWithoutStartingOpenSSL() async throws {
        try Peers.requirePython()
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bin = directory.appendingPathComponent("bin").path
        let calls = directory.appendingPathComponent("openssl-calls").path
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // The executable is made by a child (`install`): a file this process had open for writing
        // would be inherited, still open, by the children other tests fork meanwhile, and running
        // it then fails with ETXTBSY ("text file busy"), which once left no call noted.
        let script = directory.appendingPathComponent("openssl.sh").path
        try "#!/bin/sh\necho \"openssl $*\" >> '\(calls)'\nexit 1\n".write(toFile: script, atomically: false, encoding: .utf8)
        let installed = try await TapedeckBinary.runProcess("/usr/bin/install", ["-m", "755", script, bin + "/openssl"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let config = directory.appendingPathComponent("config").path
        let environment = [
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "XDG_CONFIG_HOME": config,
        ]
        let out = directory.appendingPathComponent("recordings").path
        // The CA and --generate-cert's leaf live in the (temporary) configuration folder.
        let tls = config + "/tapedeck/ca"
        // The watcher sees a call made through the PATH, as `/usr/bin/env openssl` made them.
        _ = try await TapedeckBinary.runProcess("/usr/bin/env", ["openssl", "version"], environment: environment)
        #expect((try? String(contentsOfFile: calls, encoding: .utf8)) == "openssl version\n")
        try FileManager.default.removeItem(atPath: calls)

        let ca = try await TapedeckBinary.runProcess(TapedeckBinary.executable(), ["ca", "--out", out], environment: environment)
        #expect(ca.status == 0, "\(ca.stderr)")
        #expect(ca.stdout.hasPrefix("made \(tls)/ca.pem\n"), "\(ca.stdout)")
        #expect(ca.stdout.contains("xcrun simctl keychain booted add-root-cert \(tls)/ca.pem"))
        #expect(ca.stdout.contains("certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n \"tapedeck local CA\" -i \(tls)/ca.pem"))
        let again = try await TapedeckBinary.runProcess(
            TapedeckBinary.executable(), ["ca", "--out", out], environment: environment)
        #expect(again.stdout.hasPrefix("using \(tls)/ca.pem\n"), "\(again.stdout)")
        let pem = try await TapedeckBinary.runProcess(
            TapedeckBinary.executable(), ["ca", "--out", out, "--pem"], environment: environment)
        #expect(pem.stdout == (try String(contentsOfFile: tls + "/ca.pem", encoding: .utf8)))
        #expect(pem.stdout.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: tls + "/ca-key.pem")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let record = try ChildProcess(
            try TapedeckBinary.executable(),
            [
                "record", "--listen", "127.0.0.1:0", "--upstream", "ws://127.0.0.1:9/", "--generate-cert", "--out", out,
                "--no-catalog",
            ],
            environment: environment)
        let first = try await record.line(startingWith: "recording on ")
        #expect(first.hasPrefix("recording on wss://127.0.0.1:"), "\(first)")
        record.signal(SIGINT)
        let stopped = await record.wait()
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(
            stopped.standardError.contains("made \(tls)/cert.pem signed by \(tls)/ca.pem"), "\(stopped.standardError)")

        // A listener on an address the kept leaf does not name gets a new leaf (a device on Wi-Fi);
        // back on loopback, the new leaf names that too and is kept.
        for (host, said) in [("127.0.0.2", "made"), ("127.0.0.1", "using")] {
            let again = try ChildProcess(
                try TapedeckBinary.executable(),
                [
                    "record", "--listen", "\(host):0", "--upstream", "ws://127.0.0.1:9/", "--generate-cert", "--out", out,
                    "--no-catalog",
                ],
                environment: environment)
            _ = try await again.line(startingWith: "recording on ")
            again.signal(SIGINT)
            let ended = await again.wait()
            #expect(ended.standardError.contains("\(said) \(tls)/cert.pem signed by"), "\(host): \(ended.standardError)")
        }

        // The leaf verifies against the CA for the listener's hosts, by name and by address.
        let check = """
            import ssl, sys
            folder = sys.argv[1]
            context = ssl.create_default_context(cafile=folder + "/ca.pem")
            context.load_cert_chain(folder + "/cert.pem", folder + "/key.pem")
            cert = ssl._ssl._test_decode_cert(folder + "/cert.pem")
            print(sorted(v for _, v in cert["subjectAltName"]))
            span = ssl.cert_time_to_seconds(cert["notAfter"]) - ssl.cert_time_to_seconds(cert["notBefore"])
            print("span", span // 86400)
            """
        let decoded = try await ChildProcess.run(ChildProcess.python, ["-c", check, tls])
        #expect(decoded.status == 0, "\(decoded.standardError)")
        #expect(
            decoded.standardOutput.contains("'127.0.0.1'") && decoded.standardOutput.contains("'localhost'")
                && decoded.standardOutput.contains("'127.0.0.2'"),
            "\(decoded.standardOutput)")
        // Issue 34, finding 3: a year and a day, inside the 825 days Apple's platforms accept.
        #expect(decoded.standardOutput.contains("span 366\n"), "\(decoded.standardOutput)")

        #expect(
            !FileManager.default.fileExists(atPath: calls),
            "openssl was started: \((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "")")
    }
}
