import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs the system's Chromium headless on a page and returns the DOM after its scripts ran.
/// Found through `TAPEDECK_CHROMIUM`, else `chromium`, `chromium-browser`, `google-chrome` on
/// the PATH (then the usual macOS app locations). `make report-deps` installs it on Debian.
public struct HeadlessChromium: Sendable {
    public let executable: String

    public init(executable: String) { self.executable = executable }

    public static let found: HeadlessChromium? = locate().map(HeadlessChromium.init(executable:))

    /// `TAPEDECK_REQUIRE_CHROMIUM=1` (set by `make test`): a missing browser fails the test
    /// instead of skipping it.
    public static var required: Bool { ProcessInfo.processInfo.environment["TAPEDECK_REQUIRE_CHROMIUM"] == "1" }

    public static func locate() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["TAPEDECK_CHROMIUM"], !given.isEmpty {
            return FileManager.default.isExecutableFile(atPath: given) ? given : nil
        }
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            if let path = ChildProcess.which(name) { return path }
        }
        return [
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public struct Run: Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32
    }

    /// Opens `url` and runs the browser with `arguments` (`--dump-dom`, `--screenshot=...`), with a
    /// fresh profile folder. Killed after `hangLimit` seconds: that only catches a hung browser.
    public func run(_ url: String, _ arguments: [String], hangLimit: Double = 180) async throws -> Run {
        let scratch = NSTemporaryDirectory() + "tapedeck-chromium-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch + "/profile", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let started = ContinuousClock.now
        let finished = try await ChildProcess.run(
            executable,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-dev-shm-usage",
                "--user-data-dir=\(scratch)/profile", "--enable-logging=stderr", "--v=0",
            ] + arguments + [url],
            seconds: hangLimit)
        if finished.signalled, ContinuousClock.now - started >= .seconds(hangLimit) { throw ChromiumHang(seconds: hangLimit) }
        return Run(stdout: finished.standardOutput, stderr: finished.standardError, status: finished.status)
    }

    /// The DOM after the page's scripts ran (virtual time lets timers settle without waiting).
    public func dumpDOM(_ url: String) async throws -> Run {
        try await run(url, ["--virtual-time-budget=5000", "--dump-dom"])
    }

    public struct ChromiumHang: Error, CustomStringConvertible {
        public var seconds: Double
        public var description: String { "chromium did not finish within \(Int(seconds)) s and was killed" }
    }
}
