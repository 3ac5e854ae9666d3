import TapedeckProtocol

/// The retention screens: the daily reward calendar and streak, the daily quests claimed, the
/// statistics, and the account's data export and deletion.
public struct Retention: Sendable, Equatable {
    /// The login streak the server reported with the last daily reward (0 before any).
    public var streak: Int = 0
    /// The last daily reward claimed; nil before any.
    public var lastDailyReward: DailyRewardClaimed?
    /// Quests whose reward was claimed, in the order claimed; a quest claimed again replaces its entry.
    public var claimedQuests: [QuestRewardClaimed] = []
    /// The player's statistics as the server last sent them; nil before any.
    public var statistics: PlayerStatistics?
    /// The last finished data export; nil before any.
    public var dataExport: DataExportComplete?
    /// The real-world date (yyyy-MM-dd) the account is scheduled to be deleted on.
    public var accountDeletionScheduledFor: String?

    /// Retention before any reward, statistics, export or deletion.
    public init() {}

    /// `dailyRewardClaimed`: the streak and the last reward become the server's.
    ///
    /// - Parameter reward: The server's daily reward.
    public mutating func claimed(_ reward: DailyRewardClaimed) {
        streak = reward.streak
        lastDailyReward = reward
    }

    /// `questRewardClaimed`: the quest's entry moves to the end (added if new).
    ///
    /// - Parameter reward: The server's quest reward.
    public mutating func claimed(_ reward: QuestRewardClaimed) {
        claimedQuests.removeAll { $0.questId == reward.questId }
        claimedQuests.append(reward)
    }
}
