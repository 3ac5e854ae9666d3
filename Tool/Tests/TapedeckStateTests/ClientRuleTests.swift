import Foundation
import TapedeckProtocol
import Testing

@testable import TapedeckState

/// The rules the model reports: one truth with docs/STATE-MACHINES.md, and each fires where it should.
@Suite struct ClientRuleTests {
    static let stateMachinesURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/STATE-MACHINES.md")

    /// The names in the first column of the *Rules* table.
    static func documentedRuleNames() throws -> [String] {
        let text = try String(contentsOf: stateMachinesURL, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## Rules") else { return [] }
        var names: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            names.append(String(line[line.index(line.startIndex, offsetBy: 3)..<end]))
        }
        return names
    }

    @Test func everyDocumentedRuleIsOneTheModelReportsAndTheReverse() throws {
        let documented = try Self.documentedRuleNames()
        let modelled = ClientRule.allCases.map(\.name)
        #expect(documented.count == Set(documented).count, "a rule is listed twice in STATE-MACHINES.md")
        #expect(Set(documented).subtracting(modelled).sorted() == [], "documented, but the model has no such rule")
        #expect(Set(modelled).subtracting(documented).sorted() == [], "the model reports it, STATE-MACHINES.md does not list it")
        #expect(documented.count == ClientRule.allCases.count)
    }

    @Test func namesAreStableAndFitTheBitSet() {
        #expect(ClientRule.allCases.count <= 64)
        for rule in ClientRule.allCases { #expect(ClientRule(name: rule.name) == rule) }
        #expect(ClientRule(name: "messageEvent.negativeAutoClaimed") == .messageEventNegativeAutoClaimed)
        #expect(ClientRule(name: "no.such") == nil)
        let set = ClientRuleSet([.connectionFailed, .updateFieldsPresent])
        #expect(Array(set) == [.updateFieldsPresent, .connectionFailed])
        #expect(set.count == 2 && set.contains(.connectionFailed) && !set.contains(.errorShown))
    }

    @Test func lifeEventRulesFireAsTheyApply() {
        var state = Fixtures.loadedState()
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", "You got a promotion at work", money: 200)), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.messageEventNewestFirst, .messageEventCategoryKeyword])
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e2", "It rained")), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.messageEventNewestFirst, .messageEventCategoryNeutral])
        // Both a gain and a loss: negative, claimed at once with every amount, the gain included.
        let money = state.gameState.money
        let effects = state.apply(.messageEvent(Fixtures.lifeEvent("e3", "Mixed", energy: -5, money: 30)), at: Fixtures.t1)
        #expect(
            Array(state.firedRules) == [
                .messageEventNewestFirst, .messageEventNegativeAutoClaimed,
                .messageEventMixedIsNegative,
            ])
        #expect(state.gameState.money == money + 30)
        #expect(effects.count == 1)
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e3", timestamp: "t")), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.claimEventIgnored])
        _ = state.apply(.claimEvent(ClaimEvent(eventId: "e1", timestamp: "t")), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.claimEventOptimistic])
        _ = state.apply(.claimResult(ClaimResult(eventId: "e1", accepted: false, reason: "unknownEvent")), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.claimResultRollsBack])
        _ = state.apply(.claimResult(ClaimResult(eventId: "e1", accepted: false, reason: "alreadyClaimed")), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.claimResultRejectionKeepsClaim])
        _ = state.apply(.update(PartialUpdate(money: 0)), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.updateFieldsPresent])
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e4", "Phone cracked", money: -40)), at: Fixtures.t1)
        #expect(state.firedRules.contains(.clientChangeFloorsAtZero))
    }

    @Test func theFiftyFirstEventDropsTheOldest() {
        var state = Fixtures.loadedState()
        for index in 0..<ClaimableEvents.capacity {
            _ = state.apply(.messageEvent(Fixtures.lifeEvent("e\(index)", "It rained")), at: Fixtures.t1)
            #expect(!state.firedRules.contains(.messageEventDropsOldest))
        }
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e50", "It rained")), at: Fixtures.t1)
        #expect(state.firedRules.contains(.messageEventDropsOldest))
    }

    @Test func achievementsQueueAndAreAcknowledgedOneByOne() {
        var state = Fixtures.loadedState()
        let first = Achievement(id: "a1", title: "First", description: "d", unlocked: false)
        let second = Achievement(id: "a2", title: "Second", description: "d", unlocked: false)
        _ = state.apply(.achievementsList(AchievementsList(achievements: [first, second])), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.achievementsListReplaces])
        var unlocked = first
        unlocked.unlocked = true
        _ = state.apply(.achievementUnlocked(AchievementUnlocked(achievement: unlocked)), at: Fixtures.t1)
        var other = second
        other.unlocked = true
        _ = state.apply(.achievementUnlocked(AchievementUnlocked(achievement: other)), at: Fixtures.t1)
        _ = state.apply(.achievementUnlocked(AchievementUnlocked(achievement: other)), at: Fixtures.t1) // a resend
        #expect(state.firedRules.contains(.achievementUnlockedQueued))
        #expect(state.achievements.unacknowledged.map(\.id) == ["a1", "a2"])
        #expect(state.achievements.unlockedCount == 2)
        let snapshot = state.snapshot()
        #expect(snapshot.value(at: "achievements.current") == .string("a1"))
        #expect(state.acknowledgeAchievement()?.id == "a1")
        #expect(Array(state.firedRules) == [.achievementAcknowledged])
        #expect(state.snapshot().value(at: "achievements.current") == .string("a2"))
        #expect(state.acknowledgeAchievement()?.id == "a2")
        #expect(state.acknowledgeAchievement() == nil)
        #expect(state.firedRules.isEmpty)
        #expect(state.snapshot().value(at: "achievements.current") == .null)
    }

    @Test func storeRetentionAndToastsReachTheSnapshot() {
        var state = Fixtures.loadedState()
        _ = state.apply(.timeSkipTiers(TimeSkipTiers(tiers: [TimeSkipTier(id: "1h", hours: 1, diamondCost: 1)])), at: Fixtures.t1)
        _ = state.apply(
            .energyRefillTiers(EnergyRefillTiers(tiers: [EnergyRefillTier(id: "small", energy: 100, diamondCost: 9)])),
            at: Fixtures.t1)
        let summary = TimeSkipSummary(hoursSkipped: 12, events: ["You slept."], energyChange: 20, moneyChange: -5)
        _ = state.apply(
            .purchaseResult(
                PurchaseResult(
                    kind: .timeSkip, id: "12h", success: true, energy: 90, money: 10,
                    diamonds: 4, summary: summary)), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.purchaseResultSetsBalances, .purchaseResultTimeSkipSummary])
        _ = state.apply(
            .purchaseResult(
                PurchaseResult(
                    kind: .energyRefill, id: "large", success: false,
                    reason: "insufficientFunds")), at: Fixtures.t1)
        #expect(Array(state.firedRules) == [.purchaseResultInsufficientFundsWarning])
        _ = state.apply(
            .dailyRewardClaimed(DailyRewardClaimed(day: 3, streak: 3, energy: 20, money: 30, diamonds: 1)),
            at: Fixtures.t1)
        _ = state.apply(.questRewardClaimed(QuestRewardClaimed(questId: "q1", energy: 1, money: 2, diamonds: 3)), at: Fixtures.t1)
        _ = state.apply(
            .playerStatistics(
                PlayerStatistics(
                    daysPlayed: 2, eventsReceived: 3, eventsClaimed: 1,
                    questionsAnswered: 4, relationships: 5, dates: 0, purchases: 1,
                    achievementsUnlocked: 0)), at: Fixtures.t1)
        let snapshot = state.snapshot()
        #expect(snapshot.value(at: "store.timeSkipTiers[0].id") == .string("1h"))
        #expect(snapshot.value(at: "store.energyRefillTiers[0].energy") == .int(100))
        #expect(snapshot.value(at: "store.lastTimeSkip.tier") == .string("12h"))
        #expect(snapshot.value(at: "store.lastTimeSkip.moneyChange") == .int(-5))
        #expect(snapshot.value(at: "retention.streak") == .int(3))
        #expect(snapshot.value(at: "retention.quests[0].questId") == .string("q1"))
        #expect(snapshot.value(at: "retention.statistics.questionsAnswered") == .int(4))
        #expect(snapshot.value(at: "toasts.recent[0].style") == .string("info"))
        #expect(snapshot.value(at: "toasts.recent[1].style") == .string("warning"))
        #expect(snapshot.value(at: "toasts.last.text") == .string("Quest reward claimed: q1"))
        #expect(snapshot.value(at: "toasts.shownCount") == .int(4))
    }

    @Test func theTwentyFirstToastDropsTheOldest() {
        var state = Fixtures.loadedState()
        for index in 0...ToastLog.capacity {
            _ = state.apply(
                .purchaseResult(PurchaseResult(kind: .item, id: "x\(index)", success: false, reason: "unknownItem")),
                at: Fixtures.t1)
            #expect(state.firedRules.contains(.toastsDropOldest) == (index == ToastLog.capacity))
        }
        #expect(state.toasts.recent.count == ToastLog.capacity)
        #expect(state.toasts.recent.first?.text == "Purchase failed (unknownItem)")
        #expect(state.toasts.shownCount == ToastLog.capacity + 1)
    }
}
