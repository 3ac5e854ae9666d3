/// The resources after one state-changing record, placed on the game clock and on the session's
/// tape time: one point of each of the report's energy, money and diamonds charts.
package struct ChartSample: Sendable, Equatable {
    /// The record's index in the session (every tape's records counted in order from 0).
    package var row: Int
    /// `GameClock.minutes` of the state after the record.
    package var gameMinute: Int64
    /// The record's session time (ns): the charts' x when the game clock does not move.
    package var tapeTime: UInt64
    /// `gameState.energy`, `gameState.money` and `gameState.diamonds` after the record.
    package var energy: Int
    package var money: Int
    package var diamonds: Int

    package init(row: Int, gameMinute: Int64, tapeTime: UInt64 = 0, energy: Int, money: Int, diamonds: Int) {
        self.row = row
        self.gameMinute = gameMinute
        self.tapeTime = tapeTime
        self.energy = energy
        self.money = money
        self.diamonds = diamonds
    }

    /// Same place on the clock and same values: a point that would add nothing to the charts.
    func plotsLike(_ other: ChartSample) -> Bool {
        gameMinute == other.gameMinute && energy == other.energy && money == other.money && diamonds == other.diamonds
    }
}
