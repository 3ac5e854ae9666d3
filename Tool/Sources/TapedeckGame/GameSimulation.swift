import TapedeckCore
import TapedeckProtocol

/// One client's game on the reference server, as a value: client messages and virtual time go in,
/// the server messages to send come out. Nothing here reads a clock or a global random source, so
/// the same seed, the same messages and the same ticks always give the same answers.
///
/// docs/REFERENCE-SERVER.md describes the rules; the flows live in the `GameSimulation+*.swift` files.
package struct GameSimulation: Sendable {
    package let seed: UInt64
    var rng: SeededGenerator
    var ids = IdSource()
    var request: CreateCharacter?
    var world: GameWorld = .empty
    /// Receipts already credited, kept across `restart` so a receipt pays once per game.
    var usedReceipts: Set<String> = []
    /// Virtual real time since the session started, in milliseconds.
    package private(set) var elapsedMilliseconds = 0
    /// Game milliseconds not yet worth a whole game minute.
    var pendingGameMilliseconds = 0

    package init(seed: UInt64) {
        self.seed = seed
        self.rng = SeededGenerator(seed: seed)
    }

    /// Whether `createCharacter` has been answered.
    package var hasCharacter: Bool { request != nil }

    /// The answers to one client message, in the order to send them.
    package mutating func handle(_ message: ClientMessage) -> [ServerMessage] {
        if case .unknown(let type, _) = message {
            return [failure(.serverError, "unknown message type \(type)")]
        }
        if case .createCharacter(let request) = message {
            return createCharacter(request)
        }
        guard hasCharacter else {
            return [failure(.serverError, "no character yet: send createCharacter before \(message.type)")]
        }
        switch message {
        case .speed(let change): return setSpeed(change.speed)
        case .start: return setRunning(true)
        case .stop: return setRunning(false)
        case .restart: return restart()
        case .claimEvent(let claim): return claimEvent(claim.eventId)
        case .answerQuestion(let answer): return answerQuestion(answer)
        case .quitHabit(let action): return changeHabit(action.habitId, quitting: true)
        case .stopQuitHabit(let action): return changeHabit(action.habitId, quitting: false)
        case .setFocus(let focus): return setFocus(focus.focusId)
        case .retrievePerson(let retrieve): return retrievePerson(retrieve.personId)
        case .swipe(let request): return swipe(request)
        case .date(let request): return goOnDate(request)
        case .sendGift(let gift): return sendGift(gift)
        case .sendMessage(let message): return sendMessage(message)
        case .purchaseItem(let purchase): return purchaseItem(purchase.itemId)
        case .refillEnergy(let refill): return refillEnergy(refill.tier)
        case .timeSkip(let skip): return timeSkip(skip.tier)
        case .validatePurchase(let purchase): return validatePurchase(purchase)
        case .claimDailyReward: return claimDailyReward()
        case .claimQuestReward(let claim): return claimQuestReward(claim.questId)
        case .requestStatistics: return [.playerStatistics(statistics())]
        case .exportData: return [exportData()]
        case .deleteAccount: return [deleteAccount()]
        case .createCharacter, .unknown: return []
        }
    }

    /// Virtual real time passes (one wall-clock tick is `GameRules.tickMilliseconds`). While the game
    /// runs, the game clock moves `speed` times as fast as real time; every tick answers a `u`.
    package mutating func tick(milliseconds: Int = GameRules.tickMilliseconds) -> [ServerMessage] {
        elapsedMilliseconds += milliseconds
        guard hasCharacter, world.running else { return [] }
        pendingGameMilliseconds += milliseconds * world.speed
        let minutes = pendingGameMilliseconds / 60_000
        pendingGameMilliseconds %= 60_000
        var messages: [ServerMessage] = []
        var log: TimeSkipLog?
        let hoursCrossed = advance(minutes: minutes, into: &messages, skipLog: &log)
        messages.append(partialUpdate())
        if hoursCrossed > 0 {
            messages.append(batchUpdate())
        }
        return messages
    }

    // MARK: - Character and game control

    mutating func createCharacter(_ request: CreateCharacter) -> [ServerMessage] {
        if hasCharacter {
            return [failure(.serverError, "a character already exists: send restart to begin a new life")]
        }
        if request.name.isEmpty {
            return [failure(.messageParsingFailed, "createCharacter: field \"name\" must not be empty")]
        }
        self.request = request
        return beginLife(request)
    }

    mutating func restart() -> [ServerMessage] {
        guard let request else { return [] }
        pendingGameMilliseconds = 0
        return beginLife(request)
    }

    private mutating func beginLife(_ request: CreateCharacter) -> [ServerMessage] {
        var builder = WorldBuilder(rng: rng, ids: ids)
        world = builder.build(from: request)
        rng = builder.rng
        ids = builder.ids
        return launchMessages()
    }

    /// A returning player's connection: the game as it was left, sent as the first answers of a
    /// new life are (nothing before a character exists).
    package mutating func resume() -> [ServerMessage] {
        hasCharacter ? launchMessages() : []
    }

    private func launchMessages() -> [ServerMessage] {
        [
            .playerObject(playerObject()),
            .achievementsList(AchievementsList(achievements: achievements())),
            .energyRefillTiers(EnergyRefillTiers(tiers: StoreCatalog.energyRefills)),
            .timeSkipTiers(TimeSkipTiers(tiers: StoreCatalog.timeSkips)),
            .extraCurriculars(ExtraCurriculars(activities: StoreCatalog.extracurriculars)),
        ]
    }

    mutating func setSpeed(_ speed: Int) -> [ServerMessage] {
        guard GameRules.speedLevels.contains(speed) else {
            let levels = GameRules.speedLevels.map(String.init).joined(separator: ", ")
            return [failure(.serverError, "speed \(speed) is not one of the levels \(levels)")]
        }
        world.speed = speed
        return [batchUpdate()]
    }

    mutating func setRunning(_ running: Bool) -> [ServerMessage] {
        world.running = running
        return [batchUpdate()]
    }

    func failure(_ kind: ServerError.Kind, _ text: String) -> ServerMessage {
        .error(ServerError(kind: kind, message: text))
    }
}
