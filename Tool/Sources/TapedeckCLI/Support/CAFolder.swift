import Foundation
import TapedeckProxy
import TapedeckTape

/// Where the local CA lives: the user's own configuration folder, per user and per machine, never
/// a recording folder (which teams commit). A key that signs certificates for any host, trusted
/// on every team device, must not reach git (issue 34, finding 2). `--ca-dir` chooses another.
enum CAFolder {
    /// `--ca-dir` when given; else `$XDG_CONFIG_HOME/tapedeck/ca` when that is set (on every
    /// platform: the tests point it at a temporary folder); else on macOS
    /// `~/Library/Application Support/Tapedeck/ca`, elsewhere `~/.config/tapedeck/ca`.
    static func resolve(_ option: String?, environment: [String: String] = ProcessEnvironment.variables) throws -> String {
        if let option { return option }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/tapedeck/ca" }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw CommandFailure.exit(
                "cannot find your home folder for the local CA (HOME is not set): give --ca-dir DIR, a folder outside any recording folder",
                code: 1)
        }
        #if os(macOS)
        return home + "/Library/Application Support/Tapedeck/ca"
        #else
        return home + "/.config/tapedeck/ca"
        #endif
    }

    /// Moves a CA an earlier version kept in `recordingFolder/tls` (`ca.pem`, `ca-key.pem`, and
    /// `--generate-cert`'s `cert.pem`, `key.pem`) into `caFolder`, so that its key leaves the
    /// committed folder and devices that trust it keep trusting it. When `caFolder` has a CA
    /// already, the old files go to `caFolder/moved-N/` instead, kept, not used. Returns what it
    /// did, one line per file, for standard error.
    static func migrate(recordingFolder: String, to caFolder: String) throws -> [String] {
        let old = recordingFolder + "/tls"
        let manager = FileManager.default
        guard manager.fileExists(atPath: old + "/ca-key.pem"),
            URL(fileURLWithPath: old).standardizedFileURL != URL(fileURLWithPath: caFolder).standardizedFileURL
        else { return [] }
        try createPrivateFolder(caFolder)
        var target = caFolder
        var replaced = false
        if manager.fileExists(atPath: caFolder + "/ca-key.pem") {
            var number = 1
            while manager.fileExists(atPath: "\(caFolder)/moved-\(number)") { number += 1 }
            target = "\(caFolder)/moved-\(number)"
            try createPrivateFolder(target)
            replaced = true
        }
        var lines: [String] = []
        for file in ["ca-key.pem", "ca.pem", "key.pem", "cert.pem"] where manager.fileExists(atPath: old + "/" + file) {
            try move(old + "/" + file, to: target + "/" + file)
            // A key git checked out is 0644: it leaves readable by its owner only (issue 41, finding 7).
            if file.hasSuffix("key.pem") { chmod(target + "/" + file, 0o600) }
            lines.append("moved \(old)/\(file) to \(target)/\(file)")
        }
        rmdir(old) // only when empty: anything else someone put there stays
        lines.append(
            replaced
                ? "a CA key must not live in a recording folder: \(caFolder) already had a CA, which stays in use; "
                    + "the old one was moved aside (delete it once no device trusts it)"
                : "a CA key must not live in a recording folder: the same CA is used from \(caFolder), "
                    + "so devices that trust it keep trusting it")
        return lines
    }

    /// Creates `path` (and its parents), the last folder readable by its owner only; an existing
    /// one others can read is tightened to 0700.
    static func createPrivateFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CommandFailure.exit("the CA folder \(path) is a file: give --ca-dir a folder", code: 1)
            }
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & 0o077 != 0 { chmod(path, 0o700) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure.exit(
                "cannot create the CA folder \(path) (\(error.localizedDescription)): give --ca-dir a folder you can write to",
                code: 1)
        }
    }

    /// Why `caFolder` may not hold the CA: inside the recording folder, which teams commit
    /// (`--tls-dir Recordings/tls`, the old alias, put the key back there). Nil when it may.
    static func refusal(of caFolder: String, recordingFolder: String) -> String? {
        guard FilePaths.same(caFolder, recordingFolder) || FilePaths.isInside(caFolder, folder: recordingFolder) else {
            return nil
        }
        return "the CA folder \(caFolder) is inside the recording folder \(recordingFolder), which teams commit: "
            + "its key would sign certificates for any host on every device that trusts it; "
            + "leave out --ca-dir (your own configuration folder is used) or give a folder outside it"
    }

    /// The git work tree `folder` lies in (the first parent holding `.git`), nil when none.
    static func gitWorkTree(containing folder: String) -> String? {
        var path = FilePaths.resolved(folder)
        while !path.isEmpty, path != "/" {
            if FileManager.default.fileExists(atPath: path + "/.git") { return path }
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return nil
    }

    /// `rename`, or across file systems a copy (the key's mode kept: 0600 from creation) and unlink.
    private static func move(_ source: String, to destination: String) throws {
        if rename(source, destination) == 0 { return }
        guard errno == EXDEV else {
            throw CommandFailure.exit("cannot move \(source) to \(destination): \(String(cString: strerror(errno)))", code: 1)
        }
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try LocalCertificateAuthority.write(text, to: destination, secret: source.hasSuffix("key.pem"))
        unlink(source)
    }
}
