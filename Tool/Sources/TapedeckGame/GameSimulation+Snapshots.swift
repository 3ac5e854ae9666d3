import TapedeckCore
import TapedeckProtocol

/// The messages that describe the current state: `u`, `batch_update`, `playerObject`, `personObject`.
extension GameSimulation {
    /// The player as a `Person`, with the resources and mood of now.
    func currentPlayer() -> Person {
        var player = world.player
        player.energy = world.energy
        player.money = world.money
        player.diamonds = world.diamonds
        player.mood = world.mood
        return player
    }

    func partialUpdate() -> ServerMessage {
        .update(
            PartialUpdate(
                energy: world.energy, money: world.money, diamonds: world.diamonds, date: world.calendarDate.iso,
                hourOfDay: world.hourOfDay, minuteOfHour: world.minuteOfHour, location: world.location,
                mood: world.mood))
    }

    func batchUpdate() -> ServerMessage {
        let player = world.player
        return .batchUpdate(
            BatchUpdate(
                energy: world.energy, money: world.money, diamonds: world.diamonds, date: world.calendarDate.iso,
                hourOfDay: world.hourOfDay, minuteOfHour: world.minuteOfHour, season: world.calendarDate.season,
                gameSpeed: world.speed, status: gameStatus, age: player.age, health: player.health,
                happiness: player.happiness, intelligence: player.intelligence, prestige: player.prestige,
                mood: world.mood, location: world.location))
    }

    var gameStatus: String { world.running ? "playing" : "paused" }

    func playerObject() -> PlayerObject {
        PlayerObject(
            date: world.calendarDate.iso, status: gameStatus, season: world.calendarDate.season,
            hourOfDay: world.hourOfDay, minuteOfHour: world.minuteOfHour, gameSpeed: world.speed,
            person: currentPlayer(), r: world.people, relData: world.relationships, activities: world.activities,
            activityRecords: world.activityRecords, habits: world.habits, focuses: world.focuses,
            storeItems: StoreCatalog.items, inventory: world.inventory, occupations: StoreCatalog.occupations,
            inAppPurchases: StoreCatalog.inAppPurchases, activeConversations: world.conversations)
    }

    func achievements() -> [Achievement] {
        AchievementCatalog.all.map { achievement in
            var achievement = achievement
            if let date = world.unlockedAchievements[achievement.id] {
                achievement.unlocked = true
                achievement.unlockedAt = date
            }
            return achievement
        }
    }

    /// Unlocks an achievement the first time: `achievementUnlocked`, then a `u` with its diamonds.
    mutating func unlock(_ id: String) -> [ServerMessage] {
        guard world.unlockedAchievements[id] == nil,
            var achievement = AchievementCatalog.all.first(where: { $0.id == id })
        else { return [] }
        let date = world.calendarDate.iso
        world.unlockedAchievements[id] = date
        achievement.unlocked = true
        achievement.unlockedAt = date
        world.diamonds += achievement.rewardDiamonds ?? 0
        return [.achievementUnlocked(AchievementUnlocked(achievement: achievement)), partialUpdate()]
    }

    /// Whether the player can pay these amounts now (energy is free while unlimited).
    func canAfford(energy: Int, money: Int, diamonds: Int) -> Bool {
        (world.isUnlimited || energy <= world.energy) && money <= world.money && diamonds <= world.diamonds
    }

    /// Pays amounts (negative amounts are gains). Energy is not spent while unlimited.
    mutating func pay(energy: Int, money: Int, diamonds: Int) {
        if !(world.isUnlimited && energy > 0) {
            world.energy = max(0, world.energy - energy)
        }
        world.money -= money
        world.diamonds -= diamonds
    }

    func shortfall(energy: Int, money: Int, diamonds: Int) -> String {
        var missing: [String] = []
        if !world.isUnlimited, energy > world.energy { missing.append("energy \(energy) > \(world.energy)") }
        if money > world.money { missing.append("money \(money) > \(world.money)") }
        if diamonds > world.diamonds { missing.append("diamonds \(diamonds) > \(world.diamonds)") }
        return "insufficientFunds (" + missing.joined(separator: ", ") + ")"
    }
}
