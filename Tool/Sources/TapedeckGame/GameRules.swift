import TapedeckCore

/// The reference server's fixed numbers. docs/REFERENCE-SERVER.md documents each one; change both together.
package enum GameRules {
    /// The game calendar starts on this date at `startHour`:00 (late winter, so a season change comes soon).
    package static let startDate = CivilDate(year: 2025, month: 2, day: 20)
    package static let startHour = 8
    /// The real-world date the session's virtual clock starts at (used for account deletion dates).
    package static let realEpoch = CivilDate(year: 2025, month: 1, day: 1)
    package static let accountDeletionDelayDays = 30

    package static let startAge = 18
    package static let startEnergy = 100
    package static let startMoney = 200
    package static let startDiamonds = 20

    /// Regeneration stops at this energy; refills may go above it.
    package static let energyCap = 100
    /// Energy regained per game hour while asleep (22:00–06:59) and while awake.
    package static let sleepRegeneration = 3
    package static let awakeRegeneration = 1

    /// `speed` levels, fastest first: how many times faster than real time the game clock runs
    /// (10000: a game minute every 6 ms; 1: real time).
    package static let speedLevels = [10000, 1000, 500, 50, 20, 1]
    package static let defaultSpeed = 50
    /// The wall-clock server ticks once per real second; a virtual `advance` of N seconds is N ticks.
    package static let tickMilliseconds = 1000

    /// Chance per awake game hour (08:00–22:59) of a life event, and of a question.
    package static let lifeEventPercent = 12
    package static let questionPercent = 5
    /// Game minutes a life event can be claimed in; a later claim is refused (`expired`).
    package static let claimWindowMinutes = 24 * 60
    /// A tick that produces more questions than this keeps only the first ones (speed 1 crosses ~16 hours a tick).
    package static let maxPendingQuestions = 5

    /// Affinity at which a romantic match becomes "dating".
    package static let datingAffinity = 50
    package static let matchAffinity = 20
    /// The chance of a match below the compatibility threshold, as in the app's design.
    package static let matchChancePercent = 50
    package static let matchThreshold = 60

    /// Daily reward: money grows with the streak (capped at 7 days); every 7th day gives 5 diamonds.
    package static let dailyRewardEnergy = 20
    package static let dailyRewardMoneyPerStreakDay = 25
    package static let dailyRewardStreakCap = 7

    package static let validReceiptPrefix = "receipt-"
    package static let imageBase = "https://reference.tapedeck.invalid"
}
