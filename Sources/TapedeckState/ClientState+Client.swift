import TapedeckProtocol

extension ClientState {
    // MARK: Client → server (optimistic changes)

    /// A message the client sent: its optimistic changes (speed, claims, answers, habits, focus) apply at once,
    /// and `firedRules` says which rules fired.
    ///
    /// - Parameters:
    ///   - message: The decoded client message.
    ///   - time: The session's virtual time of the message.
    /// - Returns: What the client would show or send next (the next question, a toast); empty for nothing.
    public mutating func apply(_ message: ClientMessage, at time: VirtualTime) -> [ClientEffect] {
        firedRules.removeAll()
        switch message {
        case .speed(let change):
            gameState.gameSpeed = change.speed
            firedRules.insert(.speedOptimistic)
        case .claimEvent(let claim):
            guard let rewards = claimable.claim(id: claim.eventId, at: time) else {
                firedRules.insert(.claimEventIgnored)
                return []
            }
            firedRules.insert(.claimEventOptimistic)
            applyClientChange(rewards)
        case .answerQuestion(let answer):
            guard let (costs, effects) = questions.answer(answer) else {
                firedRules.insert(.answerQuestionUnknownIgnored)
                return []
            }
            firedRules.insert(.answerQuestionDeductsCosts)
            if !effects.isEmpty { firedRules.insert(.answerQuestionShowsNext) }
            applyClientChange(costs.negated)
            return effects
        case .quitHabit(let action):
            let isActive = player.habits.first { $0.id == action.habitId }?.status == .active
            player.quitHabit(id: action.habitId)
            firedRules.insert(isActive ? .quitHabitStartsQuitting : .quitHabitIgnored)
        case .stopQuitHabit(let action):
            let isKnown = player.habits.contains { $0.id == action.habitId }
            player.stopQuitHabit(id: action.habitId)
            if isKnown { firedRules.insert(.stopQuitHabitReactivates) }
        case .setFocus(let focus):
            let isKnown = player.focuses.contains { $0.id == focus.focusId }
            player.setFocus(id: focus.focusId)
            firedRules.insert(isKnown ? .setFocusSelectsOne : .setFocusUnknownIgnored)
        case .createCharacter, .retrievePerson, .swipe, .date, .sendGift, .sendMessage, .purchaseItem,
            .refillEnergy, .timeSkip, .validatePurchase, .claimDailyReward, .claimQuestReward, .start, .stop,
            .restart, .requestStatistics, .exportData, .deleteAccount, .unknown:
            break
        }
        return []
    }

    // MARK: Connection

    /// The time is not kept: connection timing varies between runs, and snapshots must not.
    ///
    /// - Parameters:
    ///   - event: The socket opened, closed or failed.
    ///   - time: The session's virtual time of the event (not kept).
    public mutating func apply(_ event: ConnectionEvent, at time: VirtualTime) {
        firedRules.removeAll()
        connection.apply(event)
        switch event {
        case .opened: firedRules.insert(.connectionOpened)
        case .closed: firedRules.insert(.connectionClosed)
        case .failed: firedRules.insert(.connectionFailed)
        }
    }

    // MARK: The app's own UI

    /// The player dismissed the achievement on screen (the AchievementUnlockModal): the next one in
    /// the queue is shown. No message carries this, so replay never calls it. Returns the dismissed one.
    ///
    /// - Returns: The dismissed achievement; nil when none was on screen.
    @discardableResult
    public mutating func acknowledgeAchievement() -> Achievement? {
        firedRules.removeAll()
        guard let achievement = achievements.acknowledge() else { return nil }
        firedRules.insert(.achievementAcknowledged)
        return achievement
    }
}
