import Foundation

/// A child process for the tests, started at once, its standard output read line by line as it
/// comes and its standard error kept. Every wait is async and bounded: a test never holds a
/// concurrency-pool thread while a child runs (the suite runs in parallel on two threads), and a
/// child that overstays is killed. Always killed when the object goes away.
///
/// `@unchecked Sendable`: what the pipes' handlers fill in (output, lines, error, the end) is
/// touched only under `lock`; the rest are constants set up in `init`.
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended: its status, its standard output (bytes, text and lines), its standard error.
    public struct Finished: Sendable {
        /// The exit status, or the signal's number when `signalled`.
        public var status: Int32
        public var signalled: Bool
        public var outputData: Data
        public var output: [String]
        public var standardOutput: String { String(decoding: outputData, as: UTF8.self) }
        public var standardError: String
    }

    /// The repository's root folder (above Tool/): children run there unless told otherwise.
    public static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// The debug `tapedeck` that `swift build --build-tests` builds beside the tests.
    public static var tapedeck: String { repositoryRoot + "/Tool/.build/debug/tapedeck" }
    /// The project's Python, with the peers' packages (`make pydeps` creates it).
    public static var python: String { repositoryRoot + "/.venv/bin/python" }

    private let process = Process()
    private let executableName: String
    // Guards everything below: the pipes' reader threads and Foundation's termination handler
    // write it while the test reads it.
    private let lock = NSLock()
    private var outputData = Data()
    private var lines: [String] = []
    private var partial = Data()
    private var errorData = Data()
    private var ended = false
    private var outputClosed = false
    private var errorClosed = false

    /// Starts `executable arguments...` in `directory`, with `environment` added to this process's.
    public init(
        _ executable: String, _ arguments: [String], directory: String = ChildProcess.repositoryRoot,
        environment: [String: String] = [:]
    ) throws {
        executableName = URL(fileURLWithPath: executable).lastPathComponent
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            lock.withLock { ended = true }
        }
        try process.run()
        // One plain thread per pipe reads until end of file: off the concurrency pool, and the
        // end of file is certain (readability handlers do not always report it on Linux).
        Self.readUntilEnd(output.fileHandleForReading) { [weak self] in self?.take(output: $0) }
        Self.readUntilEnd(errors.fileHandleForReading) { [weak self] in self?.take(errors: $0) }
    }

    /// Calls `take` with each chunk read from `handle`, then once with no bytes at its end.
    private static func readUntilEnd(_ handle: FileHandle, take: @escaping @Sendable (Data) -> Void) {
        let thread = Thread {
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                take(Data(buffer[0..<count]))
            }
            take(Data())
            try? handle.close()
        }
        thread.start()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Where `name` is on the PATH, as the shell's `command -v` finds it; nil when it is not.
    public static func which(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable arguments...` to its end (killed after `seconds`).
    public static func run(
        _ executable: String, _ arguments: [String], directory: String = ChildProcess.repositoryRoot,
        environment: [String: String] = [:], seconds: Double = 300
    ) async throws -> Finished {
        try await ChildProcess(executable, arguments, directory: directory, environment: environment).wait(seconds: seconds)
    }

    public var pid: Int32 { process.processIdentifier }

    private func take(output data: Data) {
        lock.withLock {
            if data.isEmpty {
                outputClosed = true
                if !partial.isEmpty {
                    lines.append(String(decoding: partial, as: UTF8.self))
                    partial = Data()
                }
                return
            }
            outputData.append(data)
            partial.append(data)
            while let newline = partial.firstIndex(of: 0x0A) {
                lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial = Data(partial[partial.index(after: newline)...])
            }
        }
    }

    private func take(errors data: Data) {
        lock.withLock {
            if data.isEmpty { errorClosed = true } else { errorData.append(data) }
        }
    }

    private var errorText: String { lock.withLock { String(decoding: errorData, as: UTF8.self) } }

    /// Polls `condition` (under the lock) every 10 ms until it gives a value, the child has ended
    /// with its output read, or `seconds` pass.
    private func poll<T>(seconds: Double, _ condition: () -> T?) async throws -> T? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            let (value, done) = lock.withLock { (condition(), ended && outputClosed && errorClosed) }
            if let value { return value }
            if done || ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The first output line starting with `prefix`, waiting up to `seconds`.
    public func line(startingWith prefix: String, seconds: Double = 60) async throws -> String {
        if let line = try await poll(seconds: seconds, { lines.first { $0.hasPrefix(prefix) } }) { return line }
        let state = lock.withLock { ended } ? "ended without printing" : "printed no line starting with"
        throw ChildProcessError(message: "\(executableName) \(state) \"\(prefix)\" within \(seconds) s; stderr: \(errorText)")
    }

    /// The output lines so far once `condition` holds for them, waiting up to `seconds`.
    public func output(until condition: @escaping ([String]) -> Bool, seconds: Double = 60) async throws -> [String] {
        if let lines = try await poll(seconds: seconds, { condition(lines) ? lines : nil }) { return lines }
        throw ChildProcessError(
            message:
                "\(executableName): the expected output did not come within \(seconds) s: \(outputSoFar.suffix(20)); stderr: \(errorText)"
        )
    }

    /// The first output line, nil when none came within `seconds` or the child ended without one.
    public func firstLine(seconds: Double = 60) async throws -> String? {
        try await poll(seconds: seconds) { lines.first }
    }

    /// The first standard error line (after `skipping` lines) for which `matches` holds, waiting up to `seconds`.
    public func errorLine(
        after skipping: Int = 0, seconds: Double = 60,
        where matches: @escaping (String) -> Bool
    ) async throws -> (index: Int, line: String) {
        let found = try await poll(seconds: seconds) { () -> (index: Int, line: String)? in
            let lines = String(decoding: errorData, as: UTF8.self).split(separator: "\n").map(String.init)
            return lines.indices.dropFirst(skipping).first { matches(lines[$0]) }.map { ($0, lines[$0]) }
        }
        if let found { return found }
        throw ChildProcessError(message: "\(executableName): no expected line on stderr within \(seconds) s: \(errorText)")
    }

    /// The complete standard output lines so far.
    public var outputSoFar: [String] { lock.withLock { lines } }

    /// The port from a "port N" line.
    public func port(seconds: Double = 60) async throws -> Int {
        let line = try await line(startingWith: "port ", seconds: seconds)
        guard let port = Int(line.dropFirst(5)) else { throw ChildProcessError(message: "bad port line \(line)") }
        return port
    }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the end and for all its output (SIGKILL after `seconds`), and returns both.
    @discardableResult
    public func wait(seconds: Double = 120) async -> Finished {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var killed = false
        // A grandchild may hold the pipes open after the child ended: stop waiting for them 5 s on.
        while !lock.withLock({ ended && (outputClosed && errorClosed || ContinuousClock.now >= deadline + .seconds(5)) }) {
            if !killed, ContinuousClock.now >= deadline {
                kill(process.processIdentifier, SIGKILL)
                killed = true
            }
            do { try await Task.sleep(for: .milliseconds(10)) } catch {
                // Cancelled: the test is over; do not leave the child behind.
                if !killed {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                }
                await Task.yield()
            }
        }
        return lock.withLock {
            Finished(
                status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                outputData: outputData, output: lines,
                standardError: String(decoding: errorData, as: UTF8.self))
        }
    }

    /// SIGTERM, then waits for the end as `wait` does.
    @discardableResult
    public func finish(seconds: Double = 60) async -> Finished {
        if process.isRunning { process.terminate() }
        return await wait(seconds: seconds)
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}
