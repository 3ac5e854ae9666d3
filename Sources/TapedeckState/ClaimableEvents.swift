import TapedeckProtocol

/// The life-event timeline: the 50 most recent `messageEvent`s, newest first, each claimable for
/// its rewards. Claims are optimistic and rolled back when the server rejects them.
public struct ClaimableEvents: Sendable, Equatable {
    /// The most events the timeline keeps: 50.
    public static let capacity = 50

    /// Newest first.
    public var events: [ClaimableEvent] = []
    /// Claimable events not claimed yet; kept up to date on every change, like the app's counter.
    public var unclaimedEventCount: Int = 0

    /// An empty timeline.
    public init() {}

    /// The event with an id.
    ///
    /// - Parameter id: The event's id.
    /// - Returns: The event; nil when no event in the list has that id.
    public func event(id: String) -> ClaimableEvent? { events.first { $0.id == id } }

    /// `messageEvent`: the event goes to the front; the oldest is dropped beyond 50. An id already
    /// in the list is a resend and is ignored (nil). Returns the stored event.
    ///
    /// - Parameter lifeEvent: The server's life event.
    /// - Returns: The stored event; nil for a resend.
    public mutating func receive(_ lifeEvent: LifeEvent) -> ClaimableEvent? {
        guard !Self.contains(id: lifeEvent.id, in: events) else { return nil }
        let entry = ClaimableEvent(event: lifeEvent)
        events.insert(entry, at: 0)
        if entry.isAwaitingClaim { unclaimedEventCount += 1 }
        while events.count > Self.capacity {
            let dropped = events.removeLast()
            if dropped.isAwaitingClaim { unclaimedEventCount -= 1 }
        }
        return entry
    }

    /// Claims an event optimistically and returns the rewards to add, or nil (nothing changes)
    /// when the id is not in the list or the event is already claimed.
    ///
    /// - Parameters:
    ///   - id: The event's id.
    ///   - time: The session's virtual time of the claim, stored as `claimedAt`.
    /// - Returns: The event's rewards; nil when nothing changed.
    public mutating func claim(id: String, at time: VirtualTime) -> ResourceAmounts? {
        guard let index = events.firstIndex(where: { $0.id == id }), !events[index].claimed else { return nil }
        if events[index].isAwaitingClaim { unclaimedEventCount -= 1 }
        events[index].claimed = true
        events[index].claimedAt = time
        events[index].claimPending = true
        return events[index].rewards
    }

    /// The server accepted a claim: it is no longer pending. Nothing changes for an unknown id.
    ///
    /// - Parameter id: The claimed event's id.
    public mutating func confirmClaim(id: String) {
        guard let index = events.firstIndex(where: { $0.id == id }) else { return }
        events[index].claimPending = false
    }

    /// Undoes a claim the server rejected and returns the rewards to take back, or nil (nothing
    /// changes) when the id is not in the list or its claim is not pending — a rejected duplicate
    /// claim leaves the accepted first one alone.
    ///
    /// - Parameter id: The claimed event's id.
    /// - Returns: The event's rewards; nil when nothing changed.
    public mutating func rollBackClaim(id: String) -> ResourceAmounts? {
        guard let index = events.firstIndex(where: { $0.id == id }), events[index].claimPending else { return nil }
        events[index].claimed = false
        events[index].claimedAt = nil
        events[index].claimPending = false
        if events[index].isAwaitingClaim { unclaimedEventCount += 1 }
        return events[index].rewards
    }

    /// Whether an event with this id is in `events`, as `contains { $0.id == id }` answers it. Runs
    /// for every `messageEvent` over up to 50 events: small ASCII ids compare by their two words
    /// (equal exactly when the text is), others by `==`; events are read in place.
    static func contains(id: String, in events: [ClaimableEvent]) -> Bool {
        let words = SmallStringLayout.isKnown ? SmallStringLayout.inlinedASCIIWords(id) : nil
        return events.withUnsafeBufferPointer { events in
            for index in events.indices {
                if let words, let other = SmallStringLayout.inlinedASCIIWords(events[index].event.id) {
                    if other == words { return true }
                } else if events[index].event.id == id {
                    return true
                }
            }
            return false
        }
    }
}
