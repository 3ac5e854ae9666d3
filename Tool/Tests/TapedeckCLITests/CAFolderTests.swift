import Foundation
import TestSupport
import Testing

/// Issue 34, finding 2: the local CA lives in the user's configuration folder (here a temporary
/// one, through XDG_CONFIG_HOME and HOME: never the real home), never in the recording folder;
/// its key is created with mode 0600; a CA an earlier version left in `DIR/tls` is moved, with a
/// message. RecordTLSCommandTests shows `git status` clean of keys after a forward-mode recording.
@Suite(.tags(.integration), .ownThread) struct CAFolderTests {
    static func environment(_ directory: URL) -> [String: String] {
        [
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "HOME": directory.appendingPathComponent("home").path,
        ]
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theCAIsMadeInTheConfigurationFolderItsKeyCreatedReadableByItsOwnerOnly() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("Recordings").path
        let folder = directory.appendingPathComponent("config/tapedeck/ca").path
        #if os(Linux)
        // strace sees how the key file is opened: created new, 0600, never wider for a moment.
        let strace = try #require(ChildProcess.which("strace"), "no strace: run `make report-deps`")
        let trace = directory.appendingPathComponent("trace").path
        let made = try await TapedeckBinary.runProcess(
            strace,
            [
                "-f", "-e", "trace=open,openat,creat,chmod,fchmod,fchmodat", "-o", trace, try TapedeckBinary.executable(), "ca",
                "--out", out,
            ],
            environment: Self.environment(directory))
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("ca-key.pem") }
        // One call: the creation (no chmod afterwards, which would show here too).
        #expect(calls.count == 1, "\(calls)")
        #expect(calls.first?.contains("O_WRONLY|O_CREAT|O_EXCL|O_CLOEXEC, 0600)") == true, "\(calls)")
        #else
        let made = try await TapedeckBinary.run(["ca", "--out", out], environment: Self.environment(directory))
        #endif
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("made \(folder)/ca.pem\n"), "\(made.stdout)")
        #expect(try Self.mode(folder + "/ca-key.pem") == 0o600)
        #expect(try Self.mode(folder) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: out), "nothing in the recording folder")

        // Without XDG_CONFIG_HOME: ~/.config/tapedeck/ca (~/Library/Application Support/Tapedeck/ca on macOS).
        let home = directory.appendingPathComponent("home").path
        let homeOnly = try await TapedeckBinary.run(["ca", "--out", out], environment: ["HOME": home, "XDG_CONFIG_HOME": ""])
        #if os(macOS)
        #expect(homeOnly.stdout.hasPrefix("made \(home)/Library/Application Support/Tapedeck/ca/ca.pem\n"), "\(homeOnly.stdout)")
        #else
        #expect(homeOnly.stdout.hasPrefix("made \(home)/.config/tapedeck/ca/ca.pem\n"), "\(homeOnly.stdout)")
        #endif
        // --ca-dir chooses.
        let chosen = directory.appendingPathComponent("chosen").path
        let elsewhere = try await TapedeckBinary.run(
            ["ca", "--ca-dir", chosen, "--pem"], environment: Self.environment(directory))
        #expect(elsewhere.stdout == (try String(contentsOfFile: chosen + "/ca.pem", encoding: .utf8)))
        #expect(try Self.mode(chosen + "/ca-key.pem") == 0o600)
    }

    @Test func aCAInTheRecordingFolderIsMovedOutWithAMessage() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = Self.environment(directory)
        let out = directory.appendingPathComponent("Recordings").path
        let folder = directory.appendingPathComponent("config/tapedeck/ca").path
        // What an earlier version left: the CA in Recordings/tls.
        let old = try await TapedeckBinary.run(["ca", "--ca-dir", out + "/tls"], environment: environment)
        #expect(old.status == 0, "\(old.stderr)")
        let certificate = try String(contentsOfFile: out + "/tls/ca.pem", encoding: .utf8)
        let key = try String(contentsOfFile: out + "/tls/ca-key.pem", encoding: .utf8)

        let moved = try await TapedeckBinary.run(["ca", "--out", out], environment: environment)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr.contains("tapedeck ca: moved \(out)/tls/ca-key.pem to \(folder)/ca-key.pem"), "\(moved.stderr)")
        #expect(moved.stderr.contains("a CA key must not live in a recording folder"), "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("using \(folder)/ca.pem\n"), "the same CA, not a new one: \(moved.stdout)")
        #expect(try String(contentsOfFile: folder + "/ca.pem", encoding: .utf8) == certificate)
        #expect(try String(contentsOfFile: folder + "/ca-key.pem", encoding: .utf8) == key)
        #expect(try Self.mode(folder + "/ca-key.pem") == 0o600)
        #expect(!FileManager.default.fileExists(atPath: out + "/tls"))

        // Another old CA while the folder has one: moved aside, kept, not used.
        _ = try await TapedeckBinary.run(["ca", "--ca-dir", out + "/tls"], environment: environment)
        let aside = try await TapedeckBinary.run(["ca", "--out", out], environment: environment)
        #expect(aside.stderr.contains("moved \(out)/tls/ca-key.pem to \(folder)/moved-1/ca-key.pem"), "\(aside.stderr)")
        #expect(aside.stderr.contains("already had a CA, which stays in use"), "\(aside.stderr)")
        #expect(try String(contentsOfFile: folder + "/ca.pem", encoding: .utf8) == certificate)
        #expect(FileManager.default.fileExists(atPath: folder + "/moved-1/ca.pem"))
        #expect(!FileManager.default.fileExists(atPath: out + "/tls/ca-key.pem"))
    }

    /// Issue 41, finding 7: a key git checked out (0644) in a folder of 0755 stayed readable after the
    /// move; `--tls-dir Recordings/tls` put the key back into the committed folder.
    @Test func aMovedKeyAndItsFolderBecomePrivateAndARecordingFolderIsNoCAFolder() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = Self.environment(directory)
        let out = directory.appendingPathComponent("Recordings").path
        let folder = directory.appendingPathComponent("config/tapedeck/ca").path
        #expect(try await TapedeckBinary.run(["ca", "--ca-dir", out + "/tls"], environment: environment).status == 0)
        // As a checkout leaves them: the key 0644, and a CA folder already there, 0755.
        #expect(chmod(out + "/tls/ca-key.pem", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(folder, 0o755) == 0)
        let moved = try await TapedeckBinary.run(["ca", "--out", out], environment: environment)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try Self.mode(folder + "/ca-key.pem") == 0o600)
        #expect(try Self.mode(folder) == 0o700)

        // `ca --ca-dir`, and `record`'s old alias `--tls-dir` (refused before it listens).
        let record = ["record", "--upstream", "ws://127.0.0.1:1/", "--listen", "127.0.0.1:0", "--generate-cert"]
        for arguments in [["ca", "--ca-dir", out + "/tls", "--out", out], record + ["--tls-dir", out + "/tls", "--out", out]] {
            let refused = try await TapedeckBinary.run(arguments, environment: environment)
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("is inside the recording folder \(out), which teams commit"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + "/tls/ca-key.pem"))
        }
        // Inside a git work tree: made, with a warning.
        let work = directory.appendingPathComponent("app").path
        try FileManager.default.createDirectory(atPath: work + "/.git", withIntermediateDirectories: true)
        let inGit = try await TapedeckBinary.run(["ca", "--ca-dir", work + "/ca", "--out", out], environment: environment)
        #expect(inGit.status == 0, "\(inGit.stderr)")
        #expect(inGit.stderr.contains("warning: the CA folder \(work)/ca is inside the git work tree \(work)"), "\(inGit.stderr)")
    }
}
