import TapedeckProtocol

/// The cross-feature game state the app's GameStateViewModel holds: resources, the game clock,
/// the season and the speed. Server values always overwrite; client changes are optimistic and
/// never take a resource below zero (see docs/STATE-MACHINES.md).
public struct GameState: Sendable, Equatable {
    /// The player's energy; 100 until the server sends it, never below 0 after a client change.
    public var energy: Int = 100
    /// The player's money; 0 until the server sends it, never below 0 after a client change.
    public var money: Int = 0
    /// The player's diamonds; 0 until the server sends it, never below 0 after a client change.
    public var diamonds: Int = 0
    /// The game's date as the server writes it (`2025-06-01`); empty until the server sends it.
    public var gameDate: String = ""
    /// The game clock's hour as the server sends it, normally 0–23 (8 until then); `formattedTime` wraps others.
    public var hourOfDay: Int = 8
    /// The game clock's minute as the server sends it, normally 0–59 (0 until then).
    public var minuteOfHour: Int = 0
    /// The season's name as the server sends it (`spring` until then).
    public var season: String = "spring"
    /// The game's speed level as the server sends it (5000 until then).
    public var gameSpeed: Int = 5000

    /// Who last wrote each resource; the app defaults count as the client's.
    public var energyWriter: ResourceWriter = .client
    /// Who last wrote `money`.
    public var moneyWriter: ResourceWriter = .client
    /// Who last wrote `diamonds`.
    public var diamondsWriter: ResourceWriter = .client

    /// The state the app starts with: 100 energy, no money or diamonds, 8:00 in spring, every resource the client's.
    public init() {}

    // MARK: Server messages

    /// `u`: only the fields present change.
    ///
    /// - Parameter update: The server's partial update.
    public mutating func apply(_ update: PartialUpdate) {
        setFromServer(energy: update.energy, money: update.money, diamonds: update.diamonds)
        if let date = update.date { gameDate = date }
        if let hour = update.hourOfDay { hourOfDay = hour }
        if let minute = update.minuteOfHour { minuteOfHour = minute }
    }

    /// `batch_update`: only the fields present change.
    ///
    /// - Parameter batch: The server's batch update.
    public mutating func apply(_ batch: BatchUpdate) {
        setFromServer(energy: batch.energy, money: batch.money, diamonds: batch.diamonds)
        if let date = batch.date { gameDate = date }
        if let hour = batch.hourOfDay { hourOfDay = hour }
        if let minute = batch.minuteOfHour { minuteOfHour = minute }
        if let season = batch.season { self.season = season }
        if let speed = batch.gameSpeed { gameSpeed = speed }
    }

    /// `playerObject`: the clock, season and speed are set; resources come from the person when present.
    ///
    /// - Parameter player: The server's `playerObject`.
    public mutating func apply(_ player: PlayerObject) {
        gameDate = player.date
        hourOfDay = player.hourOfDay
        minuteOfHour = player.minuteOfHour
        season = player.season
        gameSpeed = player.gameSpeed
        setFromServer(energy: player.person.energy, money: player.person.money, diamonds: player.person.diamonds)
    }

    /// Sets the resources that are present, as the server's values.
    ///
    /// - Parameters:
    ///   - energy: The server's energy; nil leaves it and its writer alone.
    ///   - money: The server's money; nil leaves it and its writer alone.
    ///   - diamonds: The server's diamonds; nil leaves them and their writer alone.
    public mutating func setFromServer(energy: Int?, money: Int?, diamonds: Int?) {
        if let energy {
            self.energy = energy
            energyWriter = .server
        }
        if let money {
            self.money = money
            moneyWriter = .server
        }
        if let diamonds {
            self.diamonds = diamonds
            diamondsWriter = .server
        }
    }

    // MARK: Client changes

    /// An optimistic change made by the client (an answer's costs, a claimed reward, a rollback).
    /// Each resource becomes `max(0, old + change)`; a zero change leaves it and its writer alone.
    /// Returns whether the floor stopped a resource (the result is not `old + change`).
    ///
    /// - Parameter change: The amounts to add (negative to spend).
    /// - Returns: True when a resource was held at 0.
    @discardableResult
    public mutating func applyClientChange(_ change: ResourceAmounts) -> Bool {
        var floored = false
        if change.energy != 0 {
            energy = Self.flooredSum(energy, change.energy, &floored)
            energyWriter = .client
        }
        if change.money != 0 {
            money = Self.flooredSum(money, change.money, &floored)
            moneyWriter = .client
        }
        if change.diamonds != 0 {
            diamonds = Self.flooredSum(diamonds, change.diamonds, &floored)
            diamondsWriter = .client
        }
        return floored
    }

    static func flooredSum(_ value: Int, _ change: Int, _ floored: inout Bool) -> Int {
        let sum = ResourceAmounts.saturatingAdd(value, change)
        if sum < 0 { floored = true }
        return max(0, sum)
    }

    static func flooredSum(_ value: Int, _ change: Int) -> Int {
        max(0, ResourceAmounts.saturatingAdd(value, change))
    }

    // MARK: Helpers the app's views use

    /// Whether the player has at least the given amounts of each resource.
    ///
    /// - Parameters:
    ///   - energy: The energy needed; 0 for none.
    ///   - money: The money needed; 0 for none.
    ///   - diamonds: The diamonds needed; 0 for none.
    /// - Returns: True when every resource is at least its amount.
    public func canAfford(energy: Int = 0, money: Int = 0, diamonds: Int = 0) -> Bool {
        self.energy >= energy && self.money >= money && self.diamonds >= diamonds
    }

    /// The game clock on a 12-hour dial: "8:05 AM", "12:00 PM", "12:30 AM" (midnight).
    /// Out-of-range values from the server wrap (hour modulo 24, minute modulo 60).
    public var formattedTime: String {
        let hour = Self.wrap(hourOfDay, 24)
        let minute = Self.wrap(minuteOfHour, 60)
        let dialHour = hour % 12 == 0 ? 12 : hour % 12
        let minuteText = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(dialHour):\(minuteText) \(hour < 12 ? "AM" : "PM")"
    }

    /// Morning 05:00–11:59, Afternoon 12:00–16:59, Evening 17:00–20:59, Night 21:00–04:59.
    public var timeOfDayDescription: String {
        switch Self.wrap(hourOfDay, 24) {
        case 5..<12: "Morning"
        case 12..<17: "Afternoon"
        case 17..<21: "Evening"
        default: "Night"
        }
    }

    /// 🌸 spring, ☀️ summer, 🍂 autumn (or fall), ❄️ winter, 🌍 for anything else; case-insensitive.
    public var seasonEmoji: String {
        switch season.lowercased() {
        case "spring": "🌸"
        case "summer": "☀️"
        case "autumn", "fall": "🍂"
        case "winter": "❄️"
        default: "🌍"
        }
    }

    static func wrap(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }
}
