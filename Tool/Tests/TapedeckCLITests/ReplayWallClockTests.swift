import Foundation
import TestSupport
import Testing

/// The replay decides when the app is done without a clock (issue 50): no wall-clock wait, poll or
/// timer in TapedeckTesting's code, the replay path an app's tests run. A guard whose expiry
/// fails the run would be allowed, named here with why; there is none today.
@Suite struct ReplayWallClockTests {
    /// What reads or waits on the wall clock in Swift and Dispatch.
    static let wallClock = [
        "ContinuousClock.now", "ContinuousClock()", "SuspendingClock", "Task.sleep", "DispatchTime", "DispatchWallTime",
        "asyncAfter", "usleep(", "nanosleep(", "Thread.sleep", "Date()", "Date.now", "clock_gettime", "MonotonicClock",
        "WallClock", "Timer(", "Timer.", "RunLoop",
    ]

    /// Guards allowed to read the wall clock: file name → why (a limit whose expiry fails the run).
    static let guards: [String: String] = [:]

    @Test func theReplayPathWaitsOnNoWallClock() throws {
        let folder = ChildProcess.repositoryRoot + "/Sources/TapedeckTesting"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 10, "\(files)")
        var found: [String] = []
        for file in files where Self.guards[file] == nil {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Doc comments may name the wall clock (to say the app uses it outside a replay).
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for word in Self.wallClock where line.contains(word) { found.append("\(file):\(number + 1): \(word)") }
            }
        }
        #expect(found.isEmpty, "wall-clock waits on the replay path: \(found)")
    }
}
