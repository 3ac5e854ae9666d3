/// Renders results as text: a line per step (`✓ 3 expect playerObject (12 ms)`), warnings under
/// it, and for a failure its reason and details; then a summary line.
package enum ScenarioReport {
    /// `✓ 3 expect playerObject (12 ms)`, indented two spaces per `repeat` level.
    package static func line(for step: StepResult) -> String {
        let indent = String(repeating: "  ", count: step.depth)
        switch step.status {
        case .passed: return "\(indent)✓ \(step.number) \(step.summary) (\(milliseconds(step.duration)))"
        case .failed: return "\(indent)✗ \(step.number) \(step.summary) (\(milliseconds(step.duration)))"
        case .skipped: return "\(indent)- \(step.number) \(step.summary) (skipped)"
        }
    }

    /// The step line, its warnings, and for a failure (or with `verbose`) everything else.
    package static func lines(for step: StepResult, verbose: Bool = false) -> [String] {
        let indent = String(repeating: "  ", count: step.depth) + "    "
        var lines = [line(for: step)]
        lines += step.warnings.map { indent + "⚠ " + $0 }
        if step.status == .failed {
            if let message = step.message { lines.append(indent + message) }
            lines += step.details.map { indent + $0 }
        }
        if step.status == .failed || verbose {
            lines += step.log.map { indent + "· " + $0 }
        }
        return lines
    }

    package static func header(for result: ScenarioResult) -> String { "scenario \(result.name) (\(result.file))" }

    /// `3 passed, 1 failed, 2 skipped, 4 unmatched sends (5012 ms)`.
    package static func summary(for result: ScenarioResult) -> String {
        var parts = ["\(result.passedCount) passed", "\(result.failedCount) failed"]
        if result.skippedCount > 0 { parts.append("\(result.skippedCount) skipped") }
        if !result.unmatchedSends.isEmpty {
            parts.append("\(result.unmatchedSends.count) unmatched send\(result.unmatchedSends.count == 1 ? "" : "s")")
        }
        return (result.passed ? "PASS " : "FAIL ") + result.name + ": " + parts.joined(separator: ", ")
            + " (\(milliseconds(result.duration)))"
    }

    /// The whole report of one run.
    package static func text(for result: ScenarioResult, verbose: Bool = false) -> String {
        var output = [header(for: result)]
        for step in result.steps { output += lines(for: step, verbose: verbose) }
        if !result.unmatchedSends.isEmpty {
            output.append("unmatched sends:")
            output += result.unmatchedSends.map { "  ⚠ " + $0.description }
        }
        output.append(summary(for: result))
        return output.joined(separator: "\n") + "\n"
    }

    /// `12 ms` below 10 s, then `12.3 s`. Integer arithmetic only, so it reads the same everywhere.
    package static func milliseconds(_ nanoseconds: UInt64) -> String {
        let ms = nanoseconds / 1_000_000
        if ms < 10_000 { return "\(ms) ms" }
        return "\(ms / 1000).\((ms % 1000) / 100) s"
    }
}
