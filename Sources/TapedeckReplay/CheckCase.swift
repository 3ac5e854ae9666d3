/// One verdict of a check: a checkpoint against its golden, the invariants, or the tape itself.
public struct CheckCase: Sendable, Equatable {
    /// The case name used for the whole-tape invariants.
    public static let invariants = "invariants"
    /// The case name used for the tape's readability, its decode errors and its checkpoint file.
    public static let tape = "tape"
    /// The case name of an app replay's check of what the app sent (TapedeckTesting's replay socket).
    public static let sends = "sends"

    /// The checkpoint's name, or `invariants`, `tape` or `sends`.
    public var name: String
    /// Whether the case passed.
    public var passed: Bool
    /// Why it failed (a diff, a reason), or a note when it passed; may be several lines.
    public var message: String
    /// Digest of the state the case judged (the checkpoint's state; the final state for `tape`).
    public var digest: String?

    /// A verdict.
    ///
    /// - Parameters:
    ///   - name: The checkpoint's name, or one of the fixed case names.
    ///   - passed: Whether it passed.
    ///   - message: Why it failed, or a note; empty for none.
    ///   - digest: The digest of the state it judged; nil when there is none.
    public init(name: String, passed: Bool, message: String = "", digest: String? = nil) {
        self.name = name
        self.passed = passed
        self.message = message
        self.digest = digest
    }
}
