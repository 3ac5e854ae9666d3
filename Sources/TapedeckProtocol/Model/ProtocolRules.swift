// Rules of the game that the protocol's types carry but the wire does not (the types themselves
// are generated from Protocol/baolife.schema.json).

extension Habit {
    /// While quitting, `quitDays` counts progress from 0 to 30 days.
    public static let quitDaysRange = 0...30
}

extension SpeedChange {
    /// The six speed levels, fastest first.
    public static let levels = [10000, 1000, 500, 50, 20, 1]
}
