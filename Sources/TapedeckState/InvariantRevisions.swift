/// What `ClientState.checkInvariants()` remembers between calls: how often each checked list has
/// changed, at which revision it was last checked, and what that check found.
struct InvariantRevisions: Sendable {
    var claimable: UInt64 = 0
    var questions: UInt64 = 0
    /// Start unequal to the revisions so the first call checks everything.
    var checkedClaimable: UInt64 = .max
    var checkedQuestions: UInt64 = .max
    var claimableViolations: [InvariantViolation] = []
    var questionViolations: [InvariantViolation] = []
}
