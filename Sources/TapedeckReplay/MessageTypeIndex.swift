import TapedeckProtocol

// Index of a message's case in `knownTypes`, so replay statistics count with an array instead of
// hashing the type name of every message. nil for `.unknown`.

extension ServerMessage {
    var knownTypeIndex: Int? {
        switch self {
        case .update: 0
        case .batchUpdate: 1
        case .playerObject: 2
        case .personObject: 3
        case .messageEvent: 4
        case .questionEvent: 5
        case .conversationEvent: 6
        case .relationshipEvent: 7
        case .achievementsList: 8
        case .achievementUnlocked: 9
        case .dailyRewardClaimed: 10
        case .questRewardClaimed: 11
        case .energyRefillTiers: 12
        case .timeSkipTiers: 13
        case .extraCurriculars: 14
        case .playerStatistics: 15
        case .dataExportComplete: 16
        case .accountDeletionScheduled: 17
        case .claimResult: 18
        case .purchaseResult: 19
        case .matchResult: 20
        case .error: 21
        case .unknown: nil
        }
    }
}

extension ClientMessage {
    var knownTypeIndex: Int? {
        switch self {
        case .createCharacter: 0
        case .speed: 1
        case .claimEvent: 2
        case .answerQuestion: 3
        case .quitHabit: 4
        case .stopQuitHabit: 5
        case .setFocus: 6
        case .retrievePerson: 7
        case .swipe: 8
        case .date: 9
        case .sendGift: 10
        case .sendMessage: 11
        case .purchaseItem: 12
        case .refillEnergy: 13
        case .timeSkip: 14
        case .validatePurchase: 15
        case .claimDailyReward: 16
        case .claimQuestReward: 17
        case .start: 18
        case .stop: 19
        case .restart: 20
        case .requestStatistics: 21
        case .exportData: 22
        case .deleteAccount: 23
        case .unknown: nil
        }
    }
}
