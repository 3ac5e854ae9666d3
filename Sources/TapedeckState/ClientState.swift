import TapedeckProtocol

/// The whole client as a value: the four state machines of the app (GameState, Player, the
/// question queue, the claimable life events), the connection, and what the retention and store
/// screens and the toasts show. Replay and scenarios feed it
/// every message in order with its virtual time; it returns what the client would send or show.
public struct ClientState: Sendable, Equatable {
    /// Settings fixed for a session.
    public struct Configuration: Sendable, Equatable {
        /// The real-world instant the session's virtual time 0 stands for, in milliseconds since
        /// 1970-01-01T00:00:00Z; used only to write ISO 8601 timestamps (claims, snapshots).
        public var sessionEpochMilliseconds: Int64

        /// A configuration.
        ///
        /// - Parameter sessionEpochMilliseconds: The instant virtual time 0 stands for, in ms since 1970; 0 by default.
        public init(sessionEpochMilliseconds: Int64 = 0) {
            self.sessionEpochMilliseconds = sessionEpochMilliseconds
        }
    }

    /// Settings fixed for the session.
    public var configuration: Configuration
    /// Resources, the game clock, the season and the speed.
    public var gameState = GameState()
    /// The player's person, the people they know, activities, habits, items and conversations.
    public var player = Player()
    // Every change to the two lists, however it is made, bumps a revision (`didSet` without
    // `oldValue` still mutates in place), so `checkInvariants()` re-checks a list only after it changed.
    /// The questions waiting to be shown, and the one shown now.
    public var questions = EventQueue() { didSet { revisions.questions &+= 1 } }
    /// The life events that can be claimed, newest first.
    public var claimable = ClaimableEvents() { didSet { revisions.claimable &+= 1 } }
    /// The connection's phase and the error shown, if any.
    public var connection = ConnectionState()
    /// Every achievement and the unlocks waiting to be acknowledged.
    public var achievements = Achievements()
    /// What the store offers: refill and time-skip tiers, extra-curriculars, the last time skip.
    public var store = StoreOffers()
    /// What the retention screens show: rewards claimed, statistics, data export, account deletion.
    public var retention = Retention()
    /// The toasts shown, oldest first, up to the log's capacity.
    public var toasts = ToastLog()
    /// Bookkeeping for `checkInvariants()`; not part of the state (ignored by `==`).
    var revisions = InvariantRevisions()
    /// The rules the last `apply` (or `acknowledgeAchievement`) fired; cleared at the start of each.
    /// Bookkeeping like `revisions`: `==` ignores it. A bit set, so reporting costs no allocation.
    public internal(set) var firedRules = ClientRuleSet()

    /// A client before any message: every state machine in its initial state.
    ///
    /// - Parameter configuration: Settings fixed for the session.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Equal when the client states are equal; invariant bookkeeping does not count.
    public static func == (lhs: ClientState, rhs: ClientState) -> Bool {
        lhs.configuration == rhs.configuration && lhs.gameState == rhs.gameState && lhs.player == rhs.player
            && lhs.questions == rhs.questions && lhs.claimable == rhs.claimable && lhs.connection == rhs.connection
            && lhs.achievements == rhs.achievements && lhs.store == rhs.store && lhs.retention == rhs.retention
            && lhs.toasts == rhs.toasts
    }

    /// The ISO 8601 timestamp of a virtual time in this session.
    ///
    /// - Parameter time: A virtual time of the session.
    /// - Returns: The instant, such as `2026-01-01T00:00:02.500Z`.
    public func timestamp(_ time: VirtualTime) -> String {
        ISO8601Timestamp.string(epochMilliseconds: configuration.sessionEpochMilliseconds, plus: time)
    }

    // MARK: Server → client

    /// A message from the server: the state machines it concerns change, and `firedRules` says which rules fired.
    ///
    /// - Parameters:
    ///   - message: The decoded server message.
    ///   - time: The session's virtual time of the message.
    /// - Returns: What the client would send or show in answer (a claim, a toast, a milestone); empty for nothing.
    public mutating func apply(_ message: ServerMessage, at time: VirtualTime) -> [ClientEffect] {
        firedRules.removeAll()
        switch message {
        case .update(let update):
            gameState.apply(update)
            player.apply(update)
            firedRules.insert(.updateFieldsPresent)
        case .batchUpdate(let batch):
            gameState.apply(batch)
            player.apply(batch)
            firedRules.insert(.batchUpdateFieldsPresent)
        case .playerObject(let object):
            gameState.apply(object)
            player.replace(with: object)
            firedRules.insert(.playerObjectReplaces)
            if connection.currentError != nil {
                connection.currentError = nil
                firedRules.insert(.playerObjectClearsError)
            }
        case .personObject(let person):
            applyPerson(person)
        case .messageEvent(let event):
            return receiveLifeEvent(event, at: time)
        case .questionEvent(let question):
            let queued = questions.questions.count
            let effects = questions.enqueue(question)
            if questions.questions.count > queued { firedRules.insert(.questionEventQueued) }
            if !effects.isEmpty { firedRules.insert(.questionEventShown) }
            return effects
        case .conversationEvent(let event):
            let isNew = !player.conversations.contains { $0.id == event.conversationId }
            player.apply(event)
            firedRules.insert(isNew ? .conversationEventCreates : .conversationEventAppends)
        case .relationshipEvent(let event):
            firedRules.insert(
                player.relationship(with: event.personId) == nil
                    ? .relationshipEventCreates : .relationshipEventUpdates)
            player.apply(event)
            return [.showRelationshipMilestone(personId: event.personId, milestone: event.milestone)]
        case .achievementsList(let list):
            achievements.all = list.achievements
            firedRules.insert(.achievementsListReplaces)
        case .achievementUnlocked(let unlocked):
            achievements.unlock(unlocked.achievement)
            firedRules.insert(.achievementUnlockedQueued)
            return toast(.success, "Achievement unlocked: \(unlocked.achievement.title)")
        case .dailyRewardClaimed(let reward):
            retention.claimed(reward)
            firedRules.insert(.dailyRewardClaimedStreak)
            return toast(.success, "Daily reward claimed: day \(reward.day), streak \(reward.streak)")
        case .questRewardClaimed(let reward):
            retention.claimed(reward)
            firedRules.insert(.questRewardClaimedRecorded)
            return toast(.success, "Quest reward claimed: \(reward.questId)")
        case .energyRefillTiers(let offer):
            store.energyRefillTiers = offer.tiers
            firedRules.insert(.energyRefillTiersReplace)
        case .timeSkipTiers(let offer):
            store.timeSkipTiers = offer.tiers
            firedRules.insert(.timeSkipTiersReplace)
        case .extraCurriculars(let offer):
            store.extraCurriculars = offer.activities
            firedRules.insert(.extraCurricularsReplace)
        case .playerStatistics(let statistics):
            retention.statistics = statistics
            firedRules.insert(.playerStatisticsReplace)
        case .dataExportComplete(let export):
            retention.dataExport = export
            firedRules.insert(.dataExportCompleteRecorded)
            return toast(.info, "Your data export is ready")
        case .accountDeletionScheduled(let deletion):
            retention.accountDeletionScheduledFor = deletion.scheduledFor
            firedRules.insert(.accountDeletionScheduledRecorded)
            return toast(.warning, "Account deletion scheduled for \(deletion.scheduledFor)")
        case .claimResult(let result):
            return applyClaimResult(result)
        case .purchaseResult(let result):
            return applyPurchaseResult(result)
        case .matchResult(let match):
            guard match.matched else { return [] }
            firedRules.insert(.matchResultMatchToast)
            return toast(.success, "It's a match!")
        case .error(let error):
            connection.currentError = error
            firedRules.insert(.errorShown)
        case .unknown:
            break
        }
        return []
    }

    /// Shows a toast: it joins the log, and the caller gets it as an effect.
    mutating func toast(_ style: Toast.Style, _ text: String) -> [ClientEffect] {
        let toast = Toast(style, text)
        if toasts.show(toast) { firedRules.insert(.toastsDropOldest) }
        return [.toast(toast)]
    }

    mutating func applyPerson(_ person: Person) {
        let isPlayer = person.id == player.person.id
        let isKnown = isPlayer || player.people.contains { $0.id == person.id }
        player.upsert(person)
        firedRules.insert(isKnown ? .personObjectMergesKnown : .personObjectAppendsNew)
        guard isPlayer, person.energy != nil || person.money != nil || person.diamonds != nil else { return }
        gameState.setFromServer(energy: person.energy, money: person.money, diamonds: person.diamonds)
        firedRules.insert(.personObjectOwnResources)
    }

    /// A negative event is claimed at once, and the client sends the claim itself.
    mutating func receiveLifeEvent(_ event: LifeEvent, at time: VirtualTime) -> [ClientEffect] {
        let wasFull = claimable.events.count >= ClaimableEvents.capacity
        guard let entry = claimable.receive(event) else { return [] }
        firedRules.insert(.messageEventNewestFirst)
        if wasFull { firedRules.insert(.messageEventDropsOldest) }
        guard entry.isNegative else {
            firedRules.insert(entry.category == .neutral ? .messageEventCategoryNeutral : .messageEventCategoryKeyword)
            return []
        }
        guard let rewards = claimable.claim(id: entry.id, at: time) else { return [] }
        firedRules.insert(.messageEventNegativeAutoClaimed)
        if entry.isClaimable { firedRules.insert(.messageEventMixedIsNegative) }
        applyClientChange(rewards)
        return [.send(.claimEvent(ClaimEvent(eventId: entry.id, timestamp: timestamp(time))))]
    }

    /// An optimistic change to the resources, floored at zero (see `GameState.applyClientChange`).
    mutating func applyClientChange(_ change: ResourceAmounts) {
        if gameState.applyClientChange(change) { firedRules.insert(.clientChangeFloorsAtZero) }
    }

    mutating func applyClaimResult(_ result: ClaimResult) -> [ClientEffect] {
        if result.accepted {
            claimable.confirmClaim(id: result.eventId)
            firedRules.insert(.claimResultConfirms)
            return []
        }
        guard let rewards = claimable.rollBackClaim(id: result.eventId) else {
            firedRules.insert(.claimResultRejectionKeepsClaim)
            return []
        }
        applyClientChange(rewards.negated)
        firedRules.insert(.claimResultRollsBack)
        return toast(.error, "Could not claim the event (\(result.reason ?? "rejected"))")
    }

    /// Purchases are not optimistic: the balances change when the server's result says so.
    mutating func applyPurchaseResult(_ result: PurchaseResult) -> [ClientEffect] {
        guard result.success else {
            let reason = result.reason ?? "unknown reason"
            if reason == "insufficientFunds" {
                firedRules.insert(.purchaseResultInsufficientFundsWarning)
                return toast(.warning, "Not enough to buy \(result.id)")
            }
            firedRules.insert(.purchaseResultFailureError)
            return toast(.error, "Purchase failed (\(reason))")
        }
        gameState.setFromServer(energy: result.energy, money: result.money, diamonds: result.diamonds)
        firedRules.insert(.purchaseResultSetsBalances)
        if result.kind == .item {
            player.addPurchasedItem(id: result.id)
            firedRules.insert(.purchaseResultAddsItem)
        }
        if let summary = result.summary {
            store.lastTimeSkip = summary
            store.lastTimeSkipTier = result.id
            firedRules.insert(.purchaseResultTimeSkipSummary)
            return toast(.info, "Skipped \(summary.hoursSkipped) hours")
        }
        return toast(.success, "Purchase complete")
    }
}
