/// Stable names and one-line statements of the rules (docs/STATE-MACHINES.md, *Rules*).
extension ClientRule {
    /// The rule's stable name, `topic.rule`: `messageEvent.negativeAutoClaimed`.
    public var name: String {
        switch self {
        case .updateFieldsPresent: "update.fieldsPresent"
        case .batchUpdateFieldsPresent: "batchUpdate.fieldsPresent"
        case .playerObjectReplaces: "playerObject.replaces"
        case .playerObjectClearsError: "playerObject.clearsError"
        case .personObjectOwnResources: "personObject.ownResources"
        case .personObjectMergesKnown: "personObject.mergesKnown"
        case .personObjectAppendsNew: "personObject.appendsNew"
        case .relationshipEventUpdates: "relationshipEvent.updates"
        case .relationshipEventCreates: "relationshipEvent.creates"
        case .conversationEventAppends: "conversationEvent.appends"
        case .conversationEventCreates: "conversationEvent.creates"
        case .messageEventNewestFirst: "messageEvent.newestFirst"
        case .messageEventDropsOldest: "messageEvent.dropsOldest"
        case .messageEventNegativeAutoClaimed: "messageEvent.negativeAutoClaimed"
        case .messageEventMixedIsNegative: "messageEvent.mixedIsNegative"
        case .messageEventCategoryKeyword: "messageEvent.categoryKeyword"
        case .messageEventCategoryNeutral: "messageEvent.categoryNeutral"
        case .questionEventQueued: "questionEvent.queued"
        case .questionEventShown: "questionEvent.shown"
        case .claimResultConfirms: "claimResult.confirms"
        case .claimResultRollsBack: "claimResult.rollsBack"
        case .claimResultRejectionKeepsClaim: "claimResult.rejectionKeepsClaim"
        case .purchaseResultSetsBalances: "purchaseResult.setsBalances"
        case .purchaseResultAddsItem: "purchaseResult.addsItem"
        case .purchaseResultTimeSkipSummary: "purchaseResult.timeSkipSummary"
        case .purchaseResultFailureError: "purchaseResult.failureError"
        case .purchaseResultInsufficientFundsWarning: "purchaseResult.insufficientFundsWarning"
        case .matchResultMatchToast: "matchResult.matchToast"
        case .errorShown: "error.shown"
        case .achievementsListReplaces: "achievementsList.replaces"
        case .achievementUnlockedQueued: "achievementUnlocked.queued"
        case .dailyRewardClaimedStreak: "dailyRewardClaimed.streak"
        case .questRewardClaimedRecorded: "questRewardClaimed.recorded"
        case .energyRefillTiersReplace: "energyRefillTiers.replace"
        case .timeSkipTiersReplace: "timeSkipTiers.replace"
        case .extraCurricularsReplace: "extraCurriculars.replace"
        case .playerStatisticsReplace: "playerStatistics.replace"
        case .dataExportCompleteRecorded: "dataExportComplete.recorded"
        case .accountDeletionScheduledRecorded: "accountDeletionScheduled.recorded"
        case .toastsDropOldest: "toasts.dropOldest"
        case .speedOptimistic: "speed.optimistic"
        case .claimEventOptimistic: "claimEvent.optimistic"
        case .claimEventIgnored: "claimEvent.ignored"
        case .answerQuestionDeductsCosts: "answerQuestion.deductsCosts"
        case .answerQuestionShowsNext: "answerQuestion.showsNext"
        case .answerQuestionUnknownIgnored: "answerQuestion.unknownIgnored"
        case .quitHabitStartsQuitting: "quitHabit.startsQuitting"
        case .quitHabitIgnored: "quitHabit.ignored"
        case .stopQuitHabitReactivates: "stopQuitHabit.reactivates"
        case .setFocusSelectsOne: "setFocus.selectsOne"
        case .setFocusUnknownIgnored: "setFocus.unknownIgnored"
        case .clientChangeFloorsAtZero: "clientChange.floorsAtZero"
        case .connectionOpened: "connection.opened"
        case .connectionClosed: "connection.closed"
        case .connectionFailed: "connection.failed"
        case .achievementAcknowledged: "achievement.acknowledged"
        }
    }

    /// The rule in one sentence, as docs/STATE-MACHINES.md states it.
    public var summary: String {
        switch self {
        case .updateFieldsPresent:
            "`u` changes only the fields present: resources (as the server's), date, hour, minute, the person's mood, the location"
        case .batchUpdateFieldsPresent:
            "`batch_update` changes only the fields present: resources, clock, season, speed, the person's stats, status, location"
        case .playerObjectReplaces:
            "`playerObject` sets the clock, season and speed, the resources the person carries, and replaces the player (all but `location`)"
        case .playerObjectClearsError: "a `playerObject` clears the error on screen: the client has a full, good state again"
        case .personObjectOwnResources:
            "a `personObject` of the player's own person sets the resources it carries, as the server's"
        case .personObjectMergesKnown:
            "a `personObject` of the player or a known person is merged: fields it leaves out keep their value"
        case .personObjectAppendsNew: "a `personObject` of an unknown person is appended to `people`"
        case .relationshipEventUpdates:
            "a `relationshipEvent` gives an existing relationship its kind, status and affinity, appends the milestone and shows it"
        case .relationshipEventCreates:
            "a `relationshipEvent` for a person with no relationship yet creates one with that single milestone"
        case .conversationEventAppends:
            "a `conversationEvent` appends its line to the conversation with that id (a line id already there is a resend: ignored)"
        case .conversationEventCreates: "a `conversationEvent` for a new conversation id creates it with the event's person"
        case .messageEventNewestFirst:
            "a new life event goes to the front of the list (newest first); an id already listed is a resend: ignored"
        case .messageEventDropsOldest: "beyond 50 life events the oldest is dropped"
        case .messageEventNegativeAutoClaimed:
            "a life event with a loss is claimed by the client at once: marked claimed (pending), its amounts applied, `claimEvent` sent"
        case .messageEventMixedIsNegative:
            "a life event with both gains and losses is negative: claimed at once like a loss, its gains applied with its losses"
        case .messageEventCategoryKeyword:
            "a life event without a loss takes the category of the first keyword row its type or message matches"
        case .messageEventCategoryNeutral: "a life event without a loss that matches no keyword is `neutral`"
        case .questionEventQueued: "a `questionEvent` is queued at the back (an id already queued is a resend: ignored)"
        case .questionEventShown: "a question arriving in an empty queue becomes the current one and is shown"
        case .claimResultConfirms: "an accepted `claimResult` ends the claim's pending state"
        case .claimResultRollsBack:
            "a rejected `claimResult` for a pending claim rolls it back: unclaimed, amounts subtracted, an error toast with the reason"
        case .claimResultRejectionKeepsClaim:
            "a rejected `claimResult` for a claim that is not pending changes nothing: a refused second claim keeps the accepted first"
        case .purchaseResultSetsBalances:
            "a successful `purchaseResult` sets the balances it carries, as the server's, and toasts success (info for a time skip)"
        case .purchaseResultAddsItem: "a successful item purchase adds one of the item (from `storeItems`) to the inventory"
        case .purchaseResultTimeSkipSummary:
            "a successful time skip's summary becomes the last time-skip summary, and an info toast says how many hours passed"
        case .purchaseResultFailureError: "a failed purchase changes no balance and shows an error toast with its reason"
        case .purchaseResultInsufficientFundsWarning:
            "a purchase that failed for `insufficientFunds` shows a warning toast instead: the player can fix it"
        case .matchResultMatchToast: "a `matchResult` with `matched` toasts success (no match: nothing)"
        case .errorShown: "a server `error` becomes the error on screen (`connection.error`)"
        case .achievementsListReplaces: "`achievementsList` replaces the achievements"
        case .achievementUnlockedQueued:
            "`achievementUnlocked` marks the achievement unlocked (added if unknown), queues it for acknowledgement unless already queued, and toasts success"
        case .dailyRewardClaimedStreak:
            "`dailyRewardClaimed` sets the streak and the last daily reward from the server and toasts success; balances come by `u`"
        case .questRewardClaimedRecorded:
            "`questRewardClaimed` records the quest as claimed with what it gave and toasts success; balances come by `u`"
        case .energyRefillTiersReplace: "`energyRefillTiers` replaces the refill tiers on sale"
        case .timeSkipTiersReplace: "`timeSkipTiers` replaces the time-skip tiers on sale"
        case .extraCurricularsReplace: "`extraCurriculars` replaces the activities the person can join"
        case .playerStatisticsReplace: "`playerStatistics` replaces the statistics shown"
        case .dataExportCompleteRecorded: "`dataExportComplete` keeps the export's URL and size and toasts info"
        case .accountDeletionScheduledRecorded: "`accountDeletionScheduled` keeps the deletion date and toasts a warning"
        case .toastsDropOldest: "beyond 20 toasts the oldest is dropped"
        case .speedOptimistic: "the client's `speed` sets `gameSpeed` at once"
        case .claimEventOptimistic:
            "the client's `claimEvent` for a listed, unclaimed event claims it at once: claimed, `claimedAt`, amounts added, pending"
        case .claimEventIgnored:
            "a `claimEvent` for an unknown or already claimed event changes nothing (the replayed twin of an automatic claim)"
        case .answerQuestionDeductsCosts:
            "`answerQuestion` removes the question wherever it is queued and deducts the chosen option's costs (an unknown option costs nothing)"
        case .answerQuestionShowsNext: "when an answer changes the head of the queue, the new head is shown"
        case .answerQuestionUnknownIgnored: "an answer to a question that is not queued changes nothing"
        case .quitHabitStartsQuitting: "`quitHabit` turns an active habit into quitting with 0 days"
        case .quitHabitIgnored: "`quitHabit` for a habit already quitting, or unknown, changes nothing"
        case .stopQuitHabitReactivates: "`stopQuitHabit` makes the habit active with 0 days"
        case .setFocusSelectsOne: "`setFocus` selects that focus and deselects all others"
        case .setFocusUnknownIgnored: "`setFocus` with an unknown focus id changes nothing"
        case .clientChangeFloorsAtZero: "an optimistic change that would take a resource below zero stops at zero"
        case .connectionOpened: "the socket opened: connected, `openCount` + 1, close code, reason, failure and the error cleared"
        case .connectionClosed: "the socket closed: code and reason kept, the error kept"
        case .connectionFailed: "the socket failed: `failure` and a `connectionFailed` error on screen"
        case .achievementAcknowledged:
            "the player dismisses the achievement on screen: the head of the queue goes, the next one is shown (one by one)"
        }
    }
}
