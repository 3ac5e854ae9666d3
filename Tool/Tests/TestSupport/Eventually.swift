import Foundation

/// Waits (bounded) until `condition` holds, polling. The bound only matters when a test fails,
/// and it is long on purpose: a test on the concurrency pool (not `.ownThread`) can resume tens of
/// seconds late while the suite starts (CI once failed a 10 s bound on a proxy's 400-and-close
/// that, alone, comes within microseconds).
public func eventually(_ seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return condition()
}
