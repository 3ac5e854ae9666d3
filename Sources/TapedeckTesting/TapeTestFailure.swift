/// A tape whose checkpoints or invariants failed in a test. Its description is the full report, a
/// diff per failing checkpoint, so a thrown failure reads well in Swift Testing and XCTest.
public struct TapeTestFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tape's path, as the test gave it.
    public var tape: String
    /// The cases that failed (checkpoints, `sends`, `invariants`, `tape`), each with its message.
    public var failures: [CheckCase]

    /// A failure of `tape`'s cases.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - failures: The failing cases, in report order.
    public init(tape: String, failures: [CheckCase]) {
        self.tape = tape
        self.failures = failures
    }

    /// A line with the tape and the count of failing cases, then each case's name and message.
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
