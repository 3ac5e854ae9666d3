import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// A minutes-long, CPU-bound test: skipped by `make test` (it would hold one of the suite's two
    /// threads for minutes), run on a release build by `make test-slow`, which sets
    /// TAPEDECK_SLOW_TESTS=1.
    public static var slow: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["TAPEDECK_SLOW_TESTS"] == "1",
            "a slow test: `make test-slow` runs it on a release build")
    }
}
