import TapedeckProtocol

/// The retention screens: the daily reward calendar and streak, the daily quests claimed, the
/// statistics, and the account's data export and deletion.
public struct Retention: Sendable, Equatable {
    /// The login streak the server reported with the last daily reward (0 before any).
    public var streak: Int = 0
    public var lastDailyReward: DailyRewardClaimed?
    /// Quests whose reward was claimed, in the order claimed; a quest claimed again replaces its entry.
    public var claimedQuests: [QuestRewardClaimed] = []
    public var statistics: PlayerStatistics?
    public var dataExport: DataExportComplete?
    /// The real-world date (yyyy-MM-dd) the account is scheduled to be deleted on.
    public var accountDeletionScheduledFor: String?

    public init() {}

    public mutating func claimed(_ reward: DailyRewardClaimed) {
        streak = reward.streak
        lastDailyReward = reward
    }

    public mutating func claimed(_ reward: QuestRewardClaimed) {
        claimedQuests.removeAll { $0.questId == reward.questId }
        claimedQuests.append(reward)
    }
}
