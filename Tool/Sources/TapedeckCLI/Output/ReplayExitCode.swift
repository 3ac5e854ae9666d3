/// Exit codes of `replay` and `check` (also in their `--help` and docs/REPLAY.md).
enum ReplayExitCode {
    /// Everything replayed and passed.
    static let passed: Int32 = 0
    /// A failure: an invariant broke, a checkpoint differs from its golden (or a golden was
    /// written), a message did not decode, a tape is truncated or damaged, digests differ.
    static let failed: Int32 = 1
    /// Bad usage or unreadable input: a missing folder or file, a file that is not a tape, a
    /// checkpoint file that does not parse, a catalog that cannot be opened.
    static let unreadable: Int32 = 2
}
