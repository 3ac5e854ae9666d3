import Foundation
import Observation

/// Cross-feature game state: resources, the game clock, the season and the speed.
@MainActor
@Observable
public final class GameStateViewModel {
    public private(set) var energy = 100
    public private(set) var money = 0
    public private(set) var diamonds = 0
    public private(set) var gameDate = ""
    public private(set) var hourOfDay = 8
    public private(set) var minuteOfHour = 0
    public private(set) var season = "spring"
    public private(set) var gameSpeed = 5000

    @ObservationIgnored private let webSocketService: WebSocketService
    @ObservationIgnored private let regressions: Regressions
    /// Whether a full state has arrived (the regression ignores the ones after it: a reconnect's resync).
    @ObservationIgnored private var loaded = false

    public init(webSocketService: WebSocketService, regressions: Regressions = []) {
        self.webSocketService = webSocketService
        self.regressions = regressions
        webSocketService.on("u") { [weak self] data in
            self?.apply(try MessageCoding.payload(PartialUpdate.self, from: data))
        }
        webSocketService.on("batch_update") { [weak self] data in
            self?.apply(try MessageCoding.payload(BatchUpdate.self, from: data))
        }
        webSocketService.on("playerObject") { [weak self] data in
            guard let self else { return }
            if regressions.contains(.resyncIgnored), loaded { return }
            loaded = true
            apply(try MessageCoding.payload(PlayerObject.self, from: data))
        }
        webSocketService.on("purchaseResult") { [weak self] data in
            let result = try MessageCoding.payload(PurchaseResult.self, from: data)
            // Purchases are not optimistic: only the server's balances count.
            if result.success { self?.setBalances(energy: result.energy, money: result.money, diamonds: result.diamonds) }
        }
    }

    /// The speed control (six levels: 10000, 1000, 500, 50, 20, 1); set at once.
    public func setGameSpeed(_ speed: Int) {
        gameSpeed = speed
        webSocketService.send("speed", SpeedRequest(speed: speed))
    }

    /// Balances from the server: always taken as they are.
    public func setBalances(energy: Int?, money: Int?, diamonds: Int?) {
        if let energy { self.energy = energy }
        if let money { self.money = money }
        if let diamonds { self.diamonds = diamonds }
    }

    /// An optimistic change by the client (a claimed reward, an answer's costs, a rollback):
    /// never below zero; the server's next update is the truth.
    public func applyClientChange(energy: Int = 0, money: Int = 0, diamonds: Int = 0) {
        if energy != 0 { self.energy = max(0, self.energy + energy) }
        if money != 0 { self.money = max(0, self.money + money) }
        if diamonds != 0 { self.diamonds = max(0, self.diamonds + diamonds) }
    }

    public func canAfford(energy: Int = 0, money: Int = 0, diamonds: Int = 0) -> Bool {
        self.energy >= energy && self.money >= money && self.diamonds >= diamonds
    }

    /// "8:05 AM", "12:00 PM", "12:30 AM".
    public var formattedTime: String {
        let hour = ((hourOfDay % 24) + 24) % 24
        let minute = ((minuteOfHour % 60) + 60) % 60
        let dialHour = hour % 12 == 0 ? 12 : hour % 12
        return "\(dialHour):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    }

    public var timeOfDayDescription: String {
        switch ((hourOfDay % 24) + 24) % 24 {
        case 5..<12: "Morning"
        case 12..<17: "Afternoon"
        case 17..<21: "Evening"
        default: "Night"
        }
    }

    public var seasonEmoji: String {
        switch season.lowercased() {
        case "spring": "🌸"
        case "summer": "☀️"
        case "autumn", "fall": "🍂"
        case "winter": "❄️"
        default: "🌍"
        }
    }

    private func apply(_ update: PartialUpdate) {
        setBalances(energy: update.energy, money: update.money, diamonds: update.diamonds)
        if let value = update.date { gameDate = value }
        if let value = update.hourOfDay { hourOfDay = value }
        if let value = update.minuteOfHour { minuteOfHour = value }
    }

    private func apply(_ batch: BatchUpdate) {
        setBalances(energy: batch.energy, money: batch.money, diamonds: batch.diamonds)
        if let value = batch.date { gameDate = value }
        if let value = batch.hourOfDay { hourOfDay = value }
        if let value = batch.minuteOfHour { minuteOfHour = value }
        if let value = batch.season { season = value }
        if let value = batch.gameSpeed { gameSpeed = value }
    }

    private func apply(_ player: PlayerObject) {
        gameDate = player.date
        hourOfDay = player.hourOfDay
        minuteOfHour = player.minuteOfHour
        season = player.season
        gameSpeed = player.gameSpeed
        setBalances(energy: player.person.energy, money: player.person.money, diamonds: player.person.diamonds)
    }
}
