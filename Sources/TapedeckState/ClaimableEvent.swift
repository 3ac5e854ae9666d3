import TapedeckProtocol

/// A life event in the timeline with the client's own claim state.
public struct ClaimableEvent: Sendable, Equatable {
    /// The life event as the server sent it.
    public var event: LifeEvent
    /// The event's category (`EventCategory.categorize`): `negative` for a loss, else by its type's and text's keywords.
    public var category: EventCategory
    /// Whether the client claimed it (optimistically, before the server's answer).
    public var claimed: Bool
    /// When the client claimed it (virtual time); nil while unclaimed.
    public var claimedAt: VirtualTime?
    /// Claimed by the client and not yet answered by the server (the app's "claiming" state). Only a
    /// pending claim can be rolled back: a rejected duplicate must not undo an accepted claim.
    public var claimPending: Bool

    /// An entry; its category is computed from the event.
    ///
    /// - Parameters:
    ///   - event: The server's life event.
    ///   - claimed: Whether the client claimed it.
    ///   - claimedAt: When the client claimed it; nil while unclaimed.
    ///   - claimPending: Whether the claim awaits the server's answer.
    public init(event: LifeEvent, claimed: Bool = false, claimedAt: VirtualTime? = nil, claimPending: Bool = false) {
        self.event = event
        self.category = EventCategory.categorize(event)
        self.claimed = claimed
        self.claimedAt = claimedAt
        self.claimPending = claimPending
    }

    /// The event's id.
    public var id: String { event.id }

    /// Has a reward: any of energy, money, diamonds or affinity above zero.
    public var isClaimable: Bool { Self.isClaimable(event) }

    /// Has a loss: any of the four amounts below zero. Negative events are claimed automatically.
    public var isNegative: Bool { Self.isNegative(event) }

    /// Waiting for the player to claim it: counted by `unclaimedEventCount`.
    public var isAwaitingClaim: Bool { isClaimable && !claimed }

    /// What claiming adds to the player's resources (signed; affinity is not a GameState resource).
    public var rewards: ResourceAmounts {
        ResourceAmounts(energy: event.energyCost ?? 0, money: event.moneyCost ?? 0, diamonds: event.diamondCost ?? 0)
    }

    // Written out rather than over an array of the four amounts: these run for every event on
    // every invariant check, and an array would allocate each time.
    static func isClaimable(_ event: LifeEvent) -> Bool {
        (event.energyCost ?? 0) > 0 || (event.moneyCost ?? 0) > 0 || (event.diamondCost ?? 0) > 0
            || (event.affinityChange ?? 0) > 0
    }

    static func isNegative(_ event: LifeEvent) -> Bool {
        (event.energyCost ?? 0) < 0 || (event.moneyCost ?? 0) < 0 || (event.diamondCost ?? 0) < 0
            || (event.affinityChange ?? 0) < 0
    }
}
