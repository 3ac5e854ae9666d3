import TapedeckCore
import TapedeckProtocol

/// Daily rewards, quests, statistics, data export and account deletion.
extension GameSimulation {
    mutating func claimDailyReward() -> [ServerMessage] {
        let day = world.day
        if world.lastDailyRewardDay == day {
            return [
                failure(
                    .serverError,
                    "the daily reward of game day \(day + 1) is already claimed: the next one is at 00:00")
            ]
        }
        world.dailyStreak = world.lastDailyRewardDay == day - 1 ? world.dailyStreak + 1 : 1
        world.lastDailyRewardDay = day
        let streak = world.dailyStreak
        let energy = GameRules.dailyRewardEnergy
        let money = GameRules.dailyRewardMoneyPerStreakDay * min(streak, GameRules.dailyRewardStreakCap)
        let diamonds = streak % 7 == 0 ? 5 : 1
        world.energy += energy
        world.money += money
        world.diamonds += diamonds
        let claimed = DailyRewardClaimed(day: day + 1, streak: streak, energy: energy, money: money, diamonds: diamonds)
        var messages: [ServerMessage] = [.dailyRewardClaimed(claimed), partialUpdate()]
        if streak >= 3 {
            messages += unlock(AchievementCatalog.streak3)
        }
        return messages
    }

    mutating func claimQuestReward(_ questId: String) -> [ServerMessage] {
        guard let quest = Quest.named(questId) else {
            let known = Quest.all.map(\.id).joined(separator: ", ")
            return [failure(.serverError, "unknown quest \(questId) (known: \(known))")]
        }
        guard !world.claimedQuests.contains(questId) else {
            return [failure(.serverError, "quest \(questId) is already claimed")]
        }
        let progress = world.questCounters[quest.counter, default: 0]
        guard progress >= quest.goal else {
            return [
                failure(
                    .serverError,
                    "quest \(questId) is not complete: \(progress) of \(quest.goal) \(quest.counter.rawValue)")
            ]
        }
        world.claimedQuests.insert(questId)
        world.energy += quest.energy
        world.money += quest.money
        world.diamonds += quest.diamonds
        return [
            .questRewardClaimed(
                QuestRewardClaimed(
                    questId: questId, energy: quest.energy, money: quest.money,
                    diamonds: quest.diamonds)),
            partialUpdate(),
        ]
    }

    func statistics() -> PlayerStatistics {
        let stats = world.statistics
        return PlayerStatistics(
            daysPlayed: world.day + 1, eventsReceived: stats.eventsReceived, eventsClaimed: stats.eventsClaimed,
            questionsAnswered: stats.questionsAnswered, relationships: world.relationships.count, dates: stats.dates,
            purchases: stats.purchases, achievementsUnlocked: world.unlockedAchievements.count)
    }

    /// The export is the full player state as JSON; the answer names its size and a URL for it.
    mutating func exportData() -> ServerMessage {
        let bytes = ServerMessage.playerObject(playerObject()).encoded().count
        let name = ids.next("export")
        return .dataExportComplete(
            DataExportComplete(
                url: "\(GameRules.imageBase)/exports/\(hex(seed))/\(name).json", bytes: bytes))
    }

    /// Deletion is scheduled `accountDeletionDelayDays` after today on the session's virtual calendar.
    func deleteAccount() -> ServerMessage {
        let today = GameRules.realEpoch.daysSince1970 + elapsedMilliseconds / 86_400_000
        let date = CivilDate(daysSince1970: today + GameRules.accountDeletionDelayDays)
        return .accountDeletionScheduled(AccountDeletionScheduled(scheduledFor: date.iso))
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
