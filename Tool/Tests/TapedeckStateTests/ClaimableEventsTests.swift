import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct ClaimableEventsTests {
    @Test func aRewardEventJoinsTheFrontUnclaimed() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", "You met a friend", affinity: 3)), at: Fixtures.t0)
        var expected = state
        let event = Fixtures.lifeEvent("e2", "You got a promotion at work", money: 200)
        expected.claimable.events.insert(ClaimableEvent(event: event), at: 0)
        expected.claimable.unclaimedEventCount = 2
        let effects = state.apply(.messageEvent(event), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
        #expect(state.claimable.events.map(\.id) == ["e2", "e1"])
        #expect(state.claimable.events[0].category == .career)
        #expect(state.claimable.events[0].isClaimable && !state.claimable.events[0].isNegative)
    }

    @Test func anEventWithoutAmountsIsNotClaimable() {
        var state = Fixtures.loadedState()
        var expected = state
        let event = Fixtures.lifeEvent("e1", "It rained all day")
        expected.claimable.events = [ClaimableEvent(event: event)]
        _ = state.apply(.messageEvent(event), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.claimable.unclaimedEventCount == 0)
        #expect(!state.claimable.events[0].isClaimable)
        #expect(state.claimable.events[0].category == .neutral)
    }

    @Test func aResentEventIdIsIgnored() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", energy: 5)), at: Fixtures.t0)
        let expected = state
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", "Other text", money: 9)), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func theListKeepsTheFiftyMostRecentEvents() {
        var state = Fixtures.loadedState()
        for number in 1...50 {
            _ = state.apply(.messageEvent(Fixtures.lifeEvent("e\(number)", money: number % 2 == 0 ? 5 : nil)), at: Fixtures.t0)
        }
        #expect(state.claimable.unclaimedEventCount == 25)
        var expected = state
        let newest = Fixtures.lifeEvent("e51", energy: 1)
        expected.claimable.events.removeLast() // e1, not claimable
        expected.claimable.events.insert(ClaimableEvent(event: newest), at: 0)
        expected.claimable.unclaimedEventCount = 26
        _ = state.apply(.messageEvent(newest), at: Fixtures.t1)
        expectState(state, equals: expected)

        // Dropping an unclaimed claimable event (e2) lowers the count.
        expected.claimable.events.removeLast()
        let another = Fixtures.lifeEvent("e52")
        expected.claimable.events.insert(ClaimableEvent(event: another), at: 0)
        expected.claimable.unclaimedEventCount = 25
        _ = state.apply(.messageEvent(another), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.claimable.events.count == 50)
        #expect(state.claimable.events.first?.id == "e52" && state.claimable.events.last?.id == "e3")
        #expect(state.invariantViolations().isEmpty)
    }

    @Test func aNegativeEventIsClaimedAutomaticallyAndTheClaimIsSent() {
        var state = Fixtures.loadedState(configuration: .init(sessionEpochMilliseconds: 1_767_225_600_000))
        let event = Fixtures.lifeEvent("e1", "You got sick and paid the doctor", energy: -30, money: -40)
        var expected = state
        expected.claimable.events = [ClaimableEvent(event: event, claimed: true, claimedAt: Fixtures.t1, claimPending: true)]
        expected.gameState.energy = 50
        expected.gameState.money = 80
        expected.gameState.energyWriter = .client
        expected.gameState.moneyWriter = .client
        let effects = state.apply(.messageEvent(event), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.send(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "2026-01-01T00:00:02.500Z")))])
        #expect(state.claimable.events[0].category == .negative)
        #expect(state.claimable.unclaimedEventCount == 0)
    }

    @Test func theClientsOwnAutomaticClaimMessageIsANoOp() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", energy: -5)), at: Fixtures.t0)
        let expected = state
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "1970-01-01T00:00:01.000Z")), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func claimingAppliesOptimistically() {
        var state = Fixtures.loadedState()
        let event = Fixtures.lifeEvent("e1", "You won the chess award", energy: 10, diamonds: 2, affinity: 4)
        _ = state.apply(.messageEvent(event), at: Fixtures.t0)
        var expected = state
        expected.claimable.events[0].claimed = true
        expected.claimable.events[0].claimedAt = Fixtures.t1
        expected.claimable.events[0].claimPending = true
        expected.claimable.unclaimedEventCount = 0
        expected.gameState.energy = 90
        expected.gameState.diamonds = 7
        expected.gameState.energyWriter = .client
        expected.gameState.diamondsWriter = .client
        let effects = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
    }

    @Test func aRejectedClaimIsRolledBack() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 30)), at: Fixtures.t0)
        let beforeClaim = state
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        #expect(state.gameState.money == 150)
        var expected = beforeClaim
        expected.gameState.moneyWriter = .client // the client wrote it last (the rollback)
        expected.toasts.show(Toast(.error, "Could not claim the event (alreadyClaimed)"))
        let effects = state.apply(
            .claimResult(ClaimResult(eventId: "e1", accepted: false, reason: "alreadyClaimed")),
            at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.toast(Toast(.error, "Could not claim the event (alreadyClaimed)"))])
    }

    @Test func aRejectedAutomaticClaimOfANegativeEventGivesTheLossBack() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", energy: -20)), at: Fixtures.t0)
        var expected = state
        expected.claimable.events[0].claimed = false
        expected.claimable.events[0].claimedAt = nil
        expected.claimable.events[0].claimPending = false
        expected.gameState.energy = 80
        expected.toasts.show(Toast(.error, "Could not claim the event (rejected)"))
        _ = state.apply(.claimResult(ClaimResult(eventId: "e1", accepted: false)), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.claimable.unclaimedEventCount == 0)
    }

    @Test func anAcceptedClaimIsNoLongerPending() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 30)), at: Fixtures.t0)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        var expected = state
        expected.claimable.events[0].claimPending = false
        let effects = state.apply(.claimResult(ClaimResult(eventId: "e1", accepted: true)), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects.isEmpty)
    }

    @Test func claimsOfUnknownOrClaimedEventsAreNoOps() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 30)), at: Fixtures.t0)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t0)
        let expected = state
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "nope", timestamp: "t")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.claimable.events[0].claimedAt == Fixtures.t0)
    }

    @Test func rejectionsOfUnknownOrUnclaimedEventsAreNoOps() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 30)), at: Fixtures.t0)
        let expected = state
        let first = state.apply(.claimResult(ClaimResult(eventId: "e1", accepted: false)), at: Fixtures.t1)
        let second = state.apply(.claimResult(ClaimResult(eventId: "nope", accepted: false)), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(first.isEmpty && second.isEmpty)
    }

    @Test func claimableAndNegativeFollowTheSignsOfTheAmounts() {
        let mixed = ClaimableEvent(event: Fixtures.lifeEvent("e", money: 50, affinity: -2))
        #expect(mixed.isClaimable && mixed.isNegative && mixed.category == .negative)
        let affinityOnly = ClaimableEvent(event: Fixtures.lifeEvent("e", affinity: 1))
        #expect(affinityOnly.isClaimable && !affinityOnly.isNegative)
        #expect(affinityOnly.rewards == .zero)
        let zero = ClaimableEvent(event: Fixtures.lifeEvent("e", energy: 0, money: 0))
        #expect(!zero.isClaimable && !zero.isNegative)
    }

    @Test(arguments: [
        ("You won a medal at the science fair", EventCategory.achievement),
        ("You passed the exam at school", .education),
        ("Your boss gave you a raise", .career),
        ("You found a bonus in your bank account", .finance),
        ("You went to the gym", .health),
        ("Your friends threw you a party", .social),
        ("A mysterious stranger waved at you", .random),
        ("Nothing much happened", .neutral),
        ("WON THE CHAMPIONSHIP!", .achievement),
        ("Homework, then work", .education),
    ])
    func categoriesComeFromTheKeywordTable(message: String, category: EventCategory) {
        #expect(EventCategory.categorize(Fixtures.lifeEvent("e", message, money: 1)) == category)
    }

    @Test func theTypeTagCountsAsWordsToo() {
        #expect(EventCategory.categorize(Fixtures.lifeEvent("e", "A good day", type: "career")) == .career)
        #expect(EventCategory.categorize(Fixtures.lifeEvent("e", "Wonderful weather")) == .neutral)
    }

    @Test func aRejectedDuplicateClaimLeavesTheAcceptedClaimAlone() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", money: 30)), at: Fixtures.t0)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        _ = state.apply(.claimResult(ClaimResult(eventId: "e1", accepted: true)), at: Fixtures.t1)
        let expected = state
        let effects = state.apply(
            .claimResult(ClaimResult(eventId: "e1", accepted: false, reason: "alreadyClaimed")),
            at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.claimable.events[0].claimed)
        #expect(state.gameState.money == 150)
        #expect(effects.isEmpty)
    }
}
