import TapedeckProtocol

/// The achievements the app lists and the queue of unlocked ones the player has not acknowledged
/// yet: the AchievementUnlockModal shows the head, and dismissing it shows the next, one by one.
public struct Achievements: Sendable, Equatable {
    /// Every achievement, unlocked or not, in the server's order.
    public var all: [Achievement] = []
    /// Unlocked and not acknowledged yet, oldest first; the head is on screen.
    public var unacknowledged: [Achievement] = []

    /// No achievements listed, none waiting.
    public init() {}

    /// The unlocked achievement on screen now; nil when none is waiting.
    public var current: Achievement? { unacknowledged.first }
    /// How many achievements in `all` are unlocked.
    public var unlockedCount: Int { all.reduce(0) { $0 + ($1.unlocked ? 1 : 0) } }

    /// `achievementUnlocked`: the listed achievement takes the unlocked version (appended when the
    /// list does not have it) and joins the queue unless it is already waiting there (a resend).
    ///
    /// - Parameter achievement: The unlocked achievement, as the server sent it.
    public mutating func unlock(_ achievement: Achievement) {
        if let index = all.firstIndex(where: { $0.id == achievement.id }) {
            all[index] = achievement
        } else {
            all.append(achievement)
        }
        guard !unacknowledged.contains(where: { $0.id == achievement.id }) else { return }
        unacknowledged.append(achievement)
    }

    /// The player dismissed the achievement on screen; returns it, or nil when the queue is empty.
    ///
    /// - Returns: The achievement taken off the queue; nil when the queue is empty.
    public mutating func acknowledge() -> Achievement? {
        unacknowledged.isEmpty ? nil : unacknowledged.removeFirst()
    }
}
