import TapedeckProtocol

/// What the store's modals offer (EnergyRefillModal, TimeSkipModal, the activities list) and the
/// summary view of the last time skip.
public struct StoreOffers: Sendable, Equatable {
    public var energyRefillTiers: [EnergyRefillTier] = []
    public var timeSkipTiers: [TimeSkipTier] = []
    public var extraCurriculars: [Activity] = []
    /// What happened during the last successful time skip, and which tier it was.
    public var lastTimeSkip: TimeSkipSummary?
    public var lastTimeSkipTier: String?

    public init() {}
}
