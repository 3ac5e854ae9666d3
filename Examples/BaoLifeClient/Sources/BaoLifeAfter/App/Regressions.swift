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

    // What the app sends: only the replay socket's send check sees these.

    /// `LifeEventsViewModel.claim`: a loss is still marked claimed, but its claim is never sent
    /// (the kind of line a networking split loses).
    public static let lossClaimNotSent = Regressions(rawValue: 1 << 3)
    /// `LifeEventsViewModel.claim`: the claim's timestamp loses its milliseconds.
    public static let claimTimestampWithoutFraction = Regressions(rawValue: 1 << 4)
    /// `QuestionsViewModel.answer`: the answer goes out twice.
    public static let answerSentTwice = Regressions(rawValue: 1 << 5)

    // What the app does when its connection goes (session tapes, `checkCuts`).

    /// `WebSocketService`: the reconnect comes at once, its backoff gone.
    public static let reconnectsWithoutBackoff = Regressions(rawValue: 1 << 6)
    /// `GameStateViewModel`: a `playerObject` after the first is ignored, so the app keeps what it
    /// showed before the drop instead of the server's resync.
    public static let resyncIgnored = Regressions(rawValue: 1 << 7)
    /// `WebSocketService`: after a drop it retries its last message on the socket that dropped,
    /// not on the next one.
    public static let retriesOnTheDeadSocket = Regressions(rawValue: 1 << 8)
    /// `WebSocketService.send`: a message sent while offline (a claim tapped during the outage)
    /// goes out on the socket that dropped, where no server hears it.
    public static let tapWhileOfflineSentOnDeadSocket = Regressions(rawValue: 1 << 9)
    /// `WebSocketService.send`: a message sent while offline is dropped, not kept for the next
    /// connection: the claim shows as done and the server never hears of it.
    public static let tapWhileOfflineLost = Regressions(rawValue: 1 << 10)
}
