import TapedeckProtocol

/// What the store's modals offer (EnergyRefillModal, TimeSkipModal, the activities list) and the
/// summary view of the last time skip.
public struct StoreOffers: Sendable, Equatable {
    /// The energy refill tiers offered (`energyRefillTiers`); empty until the server sends them.
    public var energyRefillTiers: [EnergyRefillTier] = []
    /// The time-skip tiers offered (`timeSkipTiers`); empty until the server sends them.
    public var timeSkipTiers: [TimeSkipTier] = []
    /// The extra-curricular activities offered (`extraCurriculars`); empty until the server sends them.
    public var extraCurriculars: [Activity] = []
    /// What happened during the last successful time skip, and which tier it was.
    public var lastTimeSkip: TimeSkipSummary?
    /// The id of the tier bought for the last successful time skip; nil before any.
    public var lastTimeSkipTier: String?

    /// A store with nothing offered and no time skip.
    public init() {}
}
