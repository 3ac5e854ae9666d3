import Foundation

/// A child process whose standard output is read line by line as it comes, so a test can wait
/// for "port N" before going on. Always killed at the end of the test if still running.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSCondition()
    private var lines: [String] = []
    private var partial = Data()
    private var errorText = Data()
    private var ended = false

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.take(data)
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock(); self.errorText.append(data); self.lock.broadcast(); self.lock.unlock()
        }
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            self.lock.lock(); self.ended = true; self.lock.broadcast(); self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }

    private func take(_ data: Data) {
        lock.lock()
        if data.isEmpty {
            if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)); partial = Data() }
        } else {
            partial.append(data)
            while let newline = partial.firstIndex(of: 0x0A) {
                lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial = Data(partial[partial.index(after: newline)...])
            }
        }
        lock.broadcast()
        lock.unlock()
    }

    /// The first output line starting with `prefix`, waiting up to `seconds`.
    func line(startingWith prefix: String, seconds: Double = 60) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            if ended && partial.isEmpty {
                throw ChildProcessError(message: "\(process.executableURL!.lastPathComponent) ended without printing \"\(prefix)\"; stderr: \(String(decoding: errorText, as: UTF8.self))")
            }
            if !lock.wait(until: deadline) {
                throw ChildProcessError(message: "no \"\(prefix)\" line within \(seconds) s; stderr: \(String(decoding: errorText, as: UTF8.self))")
            }
        }
    }

    /// The first standard error line (after `skipping` lines) for which `matches` holds, waiting up to `seconds`.
    func errorLine(after skipping: Int = 0, seconds: Double = 60, where matches: (String) -> Bool) throws -> (index: Int, line: String) {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            let lines = String(decoding: errorText, as: UTF8.self).split(separator: "\n").map(String.init)
            if let index = lines.indices.dropFirst(skipping).first(where: { matches(lines[$0]) }) { return (index, lines[index]) }
            if ended { throw ChildProcessError(message: "ended without the expected line on stderr: \(lines)") }
            if !lock.wait(until: deadline) {
                throw ChildProcessError(message: "no expected line on stderr within \(seconds) s: \(lines)")
            }
        }
    }

    /// The complete standard output lines so far.
    var outputSoFar: [String] {
        lock.lock(); defer { lock.unlock() }
        return lines
    }

    /// The port from a "port N" line.
    func port() throws -> Int {
        let line = try line(startingWith: "port ")
        guard let port = Int(line.dropFirst(5)) else { throw ChildProcessError(message: "bad port line \(line)") }
        return port
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the end (killing it after `seconds`); returns the exit status and all output.
    @discardableResult
    func wait(seconds: Double = 120) -> (status: Int32, output: [String], errors: String) {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        while !ended {
            if !lock.wait(until: deadline) {
                lock.unlock()
                kill(process.processIdentifier, SIGKILL)
                lock.lock()
            }
        }
        lock.unlock()
        process.waitUntilExit()
        // Let the readability handlers deliver the last bytes.
        Thread.sleep(forTimeInterval: 0.05)
        lock.lock(); defer { lock.unlock() }
        if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)); partial = Data() }
        return (process.terminationStatus, lines, String(decoding: errorText, as: UTF8.self))
    }
}

struct ChildProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Paths the proxy tests need.
enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let python = packageRoot + "/.venv/bin/python"
    static let tapedeck = packageRoot + "/.build/debug/tapedeck"

    static func peer(_ name: String) -> String { packageRoot + "/Tests/TapedeckProxyTests/Peers/" + name }

    /// A self-signed certificate (CA:TRUE) for `localhost` and `127.0.0.1`, and its key: the network
    /// tests' TLS fixtures, used here as the upstream's certificate and as a CA file.
    static let testCertificate = packageRoot + "/Tests/TapedeckNetworkTests/Fixtures/test-cert.pem"
    static let testKey = packageRoot + "/Tests/TapedeckNetworkTests/Fixtures/test-key.pem"

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "tapedeck-proxy-\(name)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func tapes(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".tape") }.sorted().map { folder + "/" + $0 }
    }
}
