import Foundation

/// A child process for the tests: run to its end, or started in the background with its first
/// line of standard output read. Every wait is bounded; the process is killed when it overstays.
final class ChildProcess: @unchecked Sendable {
    struct Finished: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static var tapedeck: String { packageRoot + "/.build/debug/tapedeck" }
    static var python: String { packageRoot + "/.venv/bin/python" }

    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var outputData = Data()
    private var errorData = Data()
    private var firstLineWaiter: CheckedContinuation<String?, Never>?
    private var firstLine: String??

    init(_ executable: String, _ arguments: [String], directory: String = ChildProcess.packageRoot) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = output
        process.standardError = errors
    }

    /// Runs to the end (killed after `timeoutSeconds`).
    static func run(_ executable: String, _ arguments: [String], timeoutSeconds: Double = 120) async throws -> Finished {
        let child = ChildProcess(executable, arguments)
        try child.start()
        return await child.finish(within: timeoutSeconds, terminate: false)
    }

    func start() throws {
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.take(output: data)
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            lock.withLock { errorData.append(data) }
        }
        try process.run()
    }

    private func take(output data: Data) {
        let waiter: (CheckedContinuation<String?, Never>, String?)? = lock.withLock {
            outputData.append(data)
            guard firstLine == nil else { return nil }
            let line: String?
            if let newline = outputData.firstIndex(of: 10) {
                line = String(decoding: outputData[..<newline], as: UTF8.self)
            } else if data.isEmpty {
                line = nil    // end of output without a line
            } else {
                return nil
            }
            firstLine = .some(line)
            defer { firstLineWaiter = nil }
            return firstLineWaiter.map { ($0, line) }
        }
        if let (continuation, line) = waiter { continuation.resume(returning: line) }
    }

    /// The first line of standard output, nil when none came within `timeoutSeconds`.
    func firstOutputLine(timeoutSeconds: Double = 60) async -> String? {
        let timeout = Task { [weak self] in
            try await Task.sleep(nanoseconds: UInt64(timeoutSeconds * 1e9))
            self?.giveUpFirstLine()
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            let ready: String?? = lock.withLock {
                if let firstLine { return .some(firstLine) }
                firstLineWaiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func giveUpFirstLine() {
        let waiter = lock.withLock { () -> CheckedContinuation<String?, Never>? in
            defer { firstLineWaiter = nil }
            return firstLineWaiter
        }
        waiter?.resume(returning: nil)
    }

    /// Sends SIGTERM when `terminate` (or when the process overstays `within`), waits for its end.
    func finish(within seconds: Double = 60, terminate: Bool = true) async -> Finished {
        if terminate, process.isRunning { process.terminate() }
        let pid = process.processIdentifier
        let killer = Task {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            if self.process.isRunning, self.process.processIdentifier == pid { kill(pid, SIGKILL) }
        }
        while process.isRunning {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        killer.cancel()
        // Let the readability handlers take the last bytes.
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        let restOut = output.fileHandleForReading.readDataToEndOfFile()
        let restErr = errors.fileHandleForReading.readDataToEndOfFile()
        return lock.withLock {
            outputData.append(restOut)
            errorData.append(restErr)
            return Finished(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                            standardError: String(decoding: errorData, as: UTF8.self))
        }
    }
}
