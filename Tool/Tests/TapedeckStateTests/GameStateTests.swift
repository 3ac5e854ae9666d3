import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct GameStateTests {
    @Test func startsWithTheAppDefaults() {
        let state = GameState()
        #expect(state.energy == 100 && state.money == 0 && state.diamonds == 0)
        #expect(state.gameDate == "" && state.hourOfDay == 8 && state.minuteOfHour == 0)
        #expect(state.season == "spring" && state.gameSpeed == 5000)
        #expect(state.energyWriter == .client && state.moneyWriter == .client && state.diamondsWriter == .client)
    }

    @Test func partialUpdateChangesOnlyThePresentFields() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.gameState.energy = 42
        expected.gameState.minuteOfHour = 45
        expected.player.location = "park"
        let effects = state.apply(.update(PartialUpdate(energy: 42, minuteOfHour: 45, location: "park")), at: Fixtures.t1)
        #expect(effects.isEmpty)
        expectState(state, equals: expected)
    }

    @Test func partialUpdateMarksResourcesAsWrittenByTheServer() {
        var state = ClientState()
        var expected = state
        expected.gameState.money = -15
        expected.gameState.moneyWriter = .server
        expected.player.person.mood = "sad"
        _ = state.apply(.update(PartialUpdate(money: -15, mood: "sad")), at: .zero)
        expectState(state, equals: expected)
        #expect(state.invariantViolations().isEmpty)
    }

    @Test func batchUpdateChangesOnlyThePresentFieldsIncludingPersonStats() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.gameState.diamonds = 9
        expected.gameState.diamondsWriter = .server
        expected.gameState.season = "summer"
        expected.gameState.gameSpeed = 50
        expected.gameState.gameDate = "2026-06-01"
        expected.player.person.age = 18
        expected.player.person.health = 55
        expected.player.person.happiness = 61
        expected.player.person.intelligence = 66
        expected.player.person.prestige = 41
        expected.player.person.mood = "happy"
        expected.player.status = "dead"
        let batch = BatchUpdate(
            diamonds: 9, date: "2026-06-01", season: "summer", gameSpeed: 50, status: "dead",
            age: 18, health: 55, happiness: 61, intelligence: 66, prestige: 41, mood: "happy")
        _ = state.apply(.batchUpdate(batch), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func emptyBatchUpdateChangesNothing() {
        var state = Fixtures.loadedState()
        let expected = state
        _ = state.apply(.batchUpdate(BatchUpdate()), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func playerObjectSetsTheClockAndTheResourcesFromThePerson() {
        var state = ClientState()
        state.apply(.opened, at: .zero)
        var expected = state
        expected.gameState.gameDate = "2026-03-14"
        expected.gameState.hourOfDay = 9
        expected.gameState.minuteOfHour = 30
        expected.gameState.gameSpeed = 1000
        expected.gameState.energy = 80
        expected.gameState.money = 120
        expected.gameState.diamonds = 5
        expected.gameState.energyWriter = .server
        expected.gameState.moneyWriter = .server
        expected.gameState.diamondsWriter = .server
        expected.player.replace(with: Fixtures.playerObject)
        _ = state.apply(.playerObject(Fixtures.playerObject), at: Fixtures.t0)
        expectState(state, equals: expected)
        #expect(state.player.people.count == 4)
    }

    @Test func playerObjectWithoutResourcesKeepsTheResources() {
        var state = Fixtures.loadedState()
        var object = Fixtures.playerObject
        object.person.energy = nil
        object.person.money = nil
        object.person.diamonds = nil
        object.season = "winter"
        _ = state.apply(.update(PartialUpdate(energy: 7)), at: Fixtures.t1)
        var expected = state
        expected.gameState.season = "winter"
        expected.player.person = object.person
        _ = state.apply(.playerObject(object), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.gameState.energy == 7)
    }

    @Test func personObjectForThePlayerSetsTheResources() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.gameState.energy = 33
        expected.player.person.energy = 33
        _ = state.apply(.personObject(Person(id: "p0", name: "", energy: 33)), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func speedIsSetOptimistically() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.gameState.gameSpeed = 20
        _ = state.apply(.speed(SpeedChange(speed: 20)), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func purchasesWaitForTheServersResult() {
        var state = Fixtures.loadedState()
        let expected = state
        _ = state.apply(.refillEnergy(RefillEnergy(tier: "small")), at: Fixtures.t1)
        _ = state.apply(.timeSkip(TimeSkip(tier: "1d")), at: Fixtures.t1)
        _ = state.apply(.purchaseItem(PurchaseItem(itemId: "rose")), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func successfulPurchaseSetsTheBalancesAndAddsTheItem() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.gameState.money = 100
        expected.player.inventory.append(StoreItem(id: "rose", name: "Rose", price: 20, currency: .money, quantity: 1))
        expected.toasts.show(Toast(.success, "Purchase complete"))
        let effects = state.apply(
            .purchaseResult(PurchaseResult(kind: .item, id: "rose", success: true, money: 100)),
            at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.toast(Toast(.success, "Purchase complete"))])
    }

    @Test func refillResultSetsEnergyFromTheServer() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.gameState.energy = 180
        expected.gameState.diamonds = 0
        expected.toasts.show(Toast(.success, "Purchase complete"))
        let result = PurchaseResult(kind: .energyRefill, id: "small", success: true, energy: 180, diamonds: 0)
        _ = state.apply(.purchaseResult(result), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func failedPurchaseChangesNothingAndShowsTheReason() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.toasts.show(Toast(.error, "Purchase failed (unknownItem)"))
        let result = PurchaseResult(kind: .item, id: "yacht", success: false, reason: "unknownItem", diamonds: 0)
        let effects = state.apply(.purchaseResult(result), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.toast(Toast(.error, "Purchase failed (unknownItem)"))])
    }

    /// The player can fix a shortfall, so it is a warning rather than an error.
    @Test func aPurchaseWithoutEnoughFundsWarns() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.toasts.show(Toast(.warning, "Not enough to buy 1w"))
        let result = PurchaseResult(kind: .timeSkip, id: "1w", success: false, reason: "insufficientFunds", diamonds: 0)
        let effects = state.apply(.purchaseResult(result), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.toast(Toast(.warning, "Not enough to buy 1w"))])
    }

    @Test func clientChangesFloorAtZeroAndServerValuesOverwriteThem() {
        var state = Fixtures.loadedState()
        _ = state.apply(.questionEvent(Fixtures.question("q1", costs: (500, 0, 0))), at: Fixtures.t0)
        var expected = state
        expected.questions = EventQueue()
        expected.gameState.energy = 0
        expected.gameState.energyWriter = .client
        _ = state.apply(.answerQuestion(AnswerQuestion(questionId: "q1", optionId: "yes")), at: Fixtures.t1)
        expectState(state, equals: expected)

        expected.gameState.energy = 64
        expected.gameState.energyWriter = .server
        _ = state.apply(.update(PartialUpdate(energy: 64)), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func canAffordComparesEveryResource() {
        var state = GameState()
        state.energy = 20
        state.money = 50
        state.diamonds = 3
        #expect(state.canAfford(energy: 20, money: 50, diamonds: 3))
        #expect(state.canAfford())
        #expect(!state.canAfford(energy: 21))
        #expect(!state.canAfford(money: 51))
        #expect(!state.canAfford(energy: 1, money: 1, diamonds: 4))
    }

    @Test(arguments: [
        (8, 5, "8:05 AM"), (0, 0, "12:00 AM"), (12, 0, "12:00 PM"), (13, 30, "1:30 PM"),
        (23, 59, "11:59 PM"), (11, 9, "11:09 AM"), (24, 0, "12:00 AM"), (-1, 75, "11:15 PM"),
    ])
    func formattedTimeUsesATwelveHourDial(hour: Int, minute: Int, text: String) {
        var state = GameState()
        state.hourOfDay = hour
        state.minuteOfHour = minute
        #expect(state.formattedTime == text)
    }

    @Test(arguments: [
        (4, "Night"), (5, "Morning"), (11, "Morning"), (12, "Afternoon"), (16, "Afternoon"),
        (17, "Evening"), (20, "Evening"), (21, "Night"), (0, "Night"),
    ])
    func timeOfDayFollowsTheHourRanges(hour: Int, description: String) {
        var state = GameState()
        state.hourOfDay = hour
        #expect(state.timeOfDayDescription == description)
    }

    @Test(arguments: [("spring", "🌸"), ("Summer", "☀️"), ("autumn", "🍂"), ("fall", "🍂"), ("WINTER", "❄️"), ("monsoon", "🌍")])
    func seasonEmojiMatchesTheSeason(season: String, emoji: String) {
        var state = GameState()
        state.season = season
        #expect(state.seasonEmoji == emoji)
    }
}
