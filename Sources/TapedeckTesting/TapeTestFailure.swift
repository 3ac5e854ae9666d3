/// A tape whose checkpoints or invariants failed in a test. Its description is the full report, a
/// diff per failing checkpoint, so a thrown failure reads well in Swift Testing and XCTest.
public struct TapeTestFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var tape: String
    public var failures: [CheckCase]

    public init(tape: String, failures: [CheckCase]) {
        self.tape = tape
        self.failures = failures
    }

    public var description: String {
        var lines = ["\(tape): \(failures.count) failing case\(failures.count == 1 ? "" : "s")"]
        for failure in failures {
            lines.append("")
            lines.append("\(failure.name):")
            lines.append(failure.message)
        }
        return lines.joined(separator: "\n")
    }
}
