/// Bugs a refactor could plausibly introduce, each a line of a view model that goes missing.
/// The tests switch one on and check that replaying the corpus catches it.
public struct Regressions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `LifeEventsViewModel.claim`: the badge's count is not decremented after a claim.
    public static let unclaimedCountNotDecremented = Regressions(rawValue: 1 << 0)
    /// `LifeEventsViewModel.receive`: losses are no longer claimed automatically.
    public static let negativeEventsNotAutoClaimed = Regressions(rawValue: 1 << 1)
    /// `QuestionsViewModel.answer`: the answered question stays at the head of the queue.
    public static let questionQueueNotAdvanced = Regressions(rawValue: 1 << 2)
}
