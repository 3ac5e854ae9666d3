import Foundation
import Observation

/// The home screen's timeline of life events and its claimable rewards.
@MainActor
@Observable
public final class LifeEventsViewModel {
    public static let capacity = 50

    /// The 50 most recent events, newest first.
    public private(set) var lifeEvents: [MessageEvent] = []
    /// Claimable events not claimed yet, kept up to date on every change (the tab badge).
    public private(set) var unclaimedEventCount = 0
    public private(set) var toastMessage: String?

    @ObservationIgnored private let webSocketService: WebSocketService
    @ObservationIgnored private let gameState: GameStateViewModel
    @ObservationIgnored private let now: () -> Date
    @ObservationIgnored private let regressions: Regressions
    /// Claims sent and not answered yet: only these roll back when the server refuses.
    @ObservationIgnored private var pendingClaims: Set<String> = []

    public init(
        webSocketService: WebSocketService, gameState: GameStateViewModel,
        now: @escaping () -> Date = Date.init, regressions: Regressions = []
    ) {
        self.webSocketService = webSocketService
        self.gameState = gameState
        self.now = now
        self.regressions = regressions
        webSocketService.on("messageEvent") { [weak self] data in
            self?.receive(try MessageCoding.payload(MessageEvent.self, from: data))
        }
        webSocketService.on("claimResult") { [weak self] data in
            self?.apply(try MessageCoding.payload(ClaimResult.self, from: data))
        }
    }

    /// The player taps an unclaimed event: the reward is added at once and the claim is sent.
    public func claim(_ event: MessageEvent) {
        guard let index = lifeEvents.firstIndex(where: { $0.id == event.id }), !lifeEvents[index].claimed else { return }
        let timestamp = now()
        if !regressions.contains(.unclaimedCountNotDecremented) {
            if lifeEvents[index].isAwaitingClaim { unclaimedEventCount -= 1 }
        }
        lifeEvents[index].claimed = true
        lifeEvents[index].claimedAt = timestamp
        pendingClaims.insert(event.id)
        let claimed = lifeEvents[index]
        gameState.applyClientChange(
            energy: claimed.energyCost ?? 0, money: claimed.moneyCost ?? 0,
            diamonds: claimed.diamondCost ?? 0)
        if claimed.isNegative && regressions.contains(.lossClaimNotSent) { return }
        let fraction = !regressions.contains(.claimTimestampWithoutFraction)
        webSocketService.send(
            "claimEvent", ClaimEventRequest(eventId: claimed.id, timestamp: Self.iso8601(timestamp, fraction: fraction)))
    }

    private func receive(_ newEvent: MessageEvent) {
        guard !lifeEvents.contains(where: { $0.id == newEvent.id }) else { return } // a resend
        var event = newEvent
        event.category = EventCategory.categorize(event)
        lifeEvents.insert(event, at: 0)
        if event.isAwaitingClaim { unclaimedEventCount += 1 }
        while lifeEvents.count > Self.capacity {
            let dropped = lifeEvents.removeLast()
            if dropped.isAwaitingClaim { unclaimedEventCount -= 1 }
            pendingClaims.remove(dropped.id)
        }
        // Losses are claimed without the player.
        if event.isNegative && !regressions.contains(.negativeEventsNotAutoClaimed) {
            claim(event)
        }
    }

    private func apply(_ result: ClaimResult) {
        if result.accepted {
            pendingClaims.remove(result.eventId)
            return
        }
        // Only a pending claim rolls back: a refused second claim keeps the accepted first one.
        guard pendingClaims.contains(result.eventId),
            let index = lifeEvents.firstIndex(where: { $0.id == result.eventId })
        else { return }
        pendingClaims.remove(result.eventId)
        lifeEvents[index].claimed = false
        lifeEvents[index].claimedAt = nil
        let event = lifeEvents[index]
        if event.isAwaitingClaim { unclaimedEventCount += 1 }
        gameState.applyClientChange(
            energy: -(event.energyCost ?? 0), money: -(event.moneyCost ?? 0),
            diamonds: -(event.diamondCost ?? 0))
        toastMessage = "Could not claim the event (\(result.reason ?? "rejected"))"
    }

    static func iso8601(_ date: Date, fraction: Bool = true) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = fraction ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
