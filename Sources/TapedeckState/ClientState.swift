import TapedeckProtocol

/// The whole client as a value: the four state machines of the app (GameState, Player, the
/// question queue, the claimable life events) and the connection. Replay and scenarios feed it
/// every message in order with its virtual time; it returns what the client would send or show.
public struct ClientState: Sendable, Equatable {
    /// Settings fixed for a session.
    public struct Configuration: Sendable, Equatable {
        /// The real-world instant the session's virtual time 0 stands for, in milliseconds since
        /// 1970-01-01T00:00:00Z; used only to write ISO 8601 timestamps (claims, snapshots).
        public var sessionEpochMilliseconds: Int64

        public init(sessionEpochMilliseconds: Int64 = 0) {
            self.sessionEpochMilliseconds = sessionEpochMilliseconds
        }
    }

    public var configuration: Configuration
    public var gameState = GameState()
    public var player = Player()
    // Every change to the two lists, however it is made, bumps a revision (`didSet` without
    // `oldValue` still mutates in place), so `checkInvariants()` re-checks a list only after it changed.
    public var questions = EventQueue() { didSet { revisions.questions &+= 1 } }
    public var claimable = ClaimableEvents() { didSet { revisions.claimable &+= 1 } }
    public var connection = ConnectionState()
    /// Bookkeeping for `checkInvariants()`; not part of the state (ignored by `==`).
    var revisions = InvariantRevisions()

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Equal when the client states are equal; invariant bookkeeping does not count.
    public static func == (lhs: ClientState, rhs: ClientState) -> Bool {
        lhs.configuration == rhs.configuration && lhs.gameState == rhs.gameState && lhs.player == rhs.player
            && lhs.questions == rhs.questions && lhs.claimable == rhs.claimable && lhs.connection == rhs.connection
    }

    /// The ISO 8601 timestamp of a virtual time in this session.
    public func timestamp(_ time: VirtualTime) -> String {
        ISO8601Timestamp.string(epochMilliseconds: configuration.sessionEpochMilliseconds, plus: time)
    }

    // MARK: Server → client

    public mutating func apply(_ message: ServerMessage, at time: VirtualTime) -> [ClientEffect] {
        switch message {
        case .update(let update):
            gameState.apply(update)
            player.apply(update)
        case .batchUpdate(let batch):
            gameState.apply(batch)
            player.apply(batch)
        case .playerObject(let object):
            gameState.apply(object)
            player.replace(with: object)
            connection.currentError = nil
        case .personObject(let person):
            let isPlayer = person.id == player.person.id
            player.upsert(person)
            if isPlayer { gameState.setFromServer(energy: person.energy, money: person.money, diamonds: person.diamonds) }
        case .messageEvent(let event):
            return receiveLifeEvent(event, at: time)
        case .questionEvent(let question):
            return questions.enqueue(question)
        case .conversationEvent(let event):
            player.apply(event)
        case .relationshipEvent(let event):
            player.apply(event)
            return [.showRelationshipMilestone(personId: event.personId, milestone: event.milestone)]
        case .achievementUnlocked(let unlocked):
            return [.toast(Toast(.success, "Achievement unlocked: \(unlocked.achievement.title)"))]
        case .dailyRewardClaimed(let reward):
            return [.toast(Toast(.success, "Daily reward claimed: day \(reward.day), streak \(reward.streak)"))]
        case .questRewardClaimed(let reward):
            return [.toast(Toast(.success, "Quest reward claimed: \(reward.questId)"))]
        case .claimResult(let result):
            return applyClaimResult(result)
        case .purchaseResult(let result):
            return applyPurchaseResult(result)
        case .matchResult(let match):
            return match.matched ? [.toast(Toast(.success, "It's a match!"))] : []
        case .error(let error):
            connection.currentError = error
        case .achievementsList, .energyRefillTiers, .timeSkipTiers, .extraCurriculars, .playerStatistics,
             .dataExportComplete, .accountDeletionScheduled, .unknown:
            break
        }
        return []
    }

    /// A negative event is claimed at once, and the client sends the claim itself.
    mutating func receiveLifeEvent(_ event: LifeEvent, at time: VirtualTime) -> [ClientEffect] {
        guard let entry = claimable.receive(event), entry.isNegative,
              let rewards = claimable.claim(id: entry.id, at: time) else { return [] }
        gameState.applyClientChange(rewards)
        return [.send(.claimEvent(ClaimEvent(eventId: entry.id, timestamp: timestamp(time))))]
    }

    mutating func applyClaimResult(_ result: ClaimResult) -> [ClientEffect] {
        guard !result.accepted, let rewards = claimable.rollBackClaim(id: result.eventId) else { return [] }
        gameState.applyClientChange(rewards.negated)
        return [.toast(Toast(.error, "Could not claim the event (\(result.reason ?? "rejected"))"))]
    }

    /// Purchases are not optimistic: the balances change when the server's result says so.
    mutating func applyPurchaseResult(_ result: PurchaseResult) -> [ClientEffect] {
        guard result.success else {
            return [.toast(Toast(.error, "Purchase failed (\(result.reason ?? "unknown reason"))"))]
        }
        gameState.setFromServer(energy: result.energy, money: result.money, diamonds: result.diamonds)
        if result.kind == .item { player.addPurchasedItem(id: result.id) }
        if let summary = result.summary {
            return [.toast(Toast(.info, "Skipped \(summary.hoursSkipped) hours"))]
        }
        return [.toast(Toast(.success, "Purchase complete"))]
    }

    // MARK: Client → server (optimistic changes)

    public mutating func apply(_ message: ClientMessage, at time: VirtualTime) -> [ClientEffect] {
        switch message {
        case .speed(let change):
            gameState.gameSpeed = change.speed
        case .claimEvent(let claim):
            if let rewards = claimable.claim(id: claim.eventId, at: time) { gameState.applyClientChange(rewards) }
        case .answerQuestion(let answer):
            guard let (costs, effects) = questions.answer(answer) else { return [] }
            gameState.applyClientChange(costs.negated)
            return effects
        case .quitHabit(let action):
            player.quitHabit(id: action.habitId)
        case .stopQuitHabit(let action):
            player.stopQuitHabit(id: action.habitId)
        case .setFocus(let focus):
            player.setFocus(id: focus.focusId)
        case .createCharacter, .retrievePerson, .swipe, .date, .sendGift, .sendMessage, .purchaseItem,
             .refillEnergy, .timeSkip, .validatePurchase, .claimDailyReward, .claimQuestReward, .start, .stop,
             .restart, .requestStatistics, .exportData, .deleteAccount, .unknown:
            break
        }
        return []
    }

    // MARK: Connection

    /// The time is not kept: connection timing varies between runs, and snapshots must not.
    public mutating func apply(_ event: ConnectionEvent, at time: VirtualTime) {
        connection.apply(event)
    }
}
