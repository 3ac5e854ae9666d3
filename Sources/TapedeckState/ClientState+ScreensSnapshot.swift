import TapedeckCore
import TapedeckProtocol

/// The snapshot's parts for what the retention and store screens and the toasts show.
extension ClientState {
    func achievementsSnapshot() -> JSONValue {
        .object([
            "all": .array(achievements.all.map(\.snapshotValue)),
            "count": .int(achievements.all.count),
            "unlockedCount": .int(achievements.unlockedCount),
            "current": .optional(achievements.current?.id),
            "unacknowledged": .array(achievements.unacknowledged.map(\.snapshotValue)),
        ])
    }

    func storeSnapshot() -> JSONValue {
        .object([
            "energyRefillTiers": .array(store.energyRefillTiers.map(\.snapshotValue)),
            "timeSkipTiers": .array(store.timeSkipTiers.map(\.snapshotValue)),
            "extraCurriculars": .array(store.extraCurriculars.map(\.snapshotValue)),
            "lastTimeSkip": store.lastTimeSkip.map { summary in
                .object([
                    "tier": .optional(store.lastTimeSkipTier), "hoursSkipped": .int(summary.hoursSkipped),
                    "events": .strings(summary.events), "energyChange": .int(summary.energyChange),
                    "moneyChange": .int(summary.moneyChange),
                ])
            } ?? .null,
        ])
    }

    func retentionSnapshot() -> JSONValue {
        .object([
            "streak": .int(retention.streak),
            "lastDailyReward": retention.lastDailyReward.map { reward in
                .object([
                    "day": .int(reward.day), "streak": .int(reward.streak), "energy": .int(reward.energy),
                    "money": .int(reward.money), "diamonds": .int(reward.diamonds),
                ])
            } ?? .null,
            "quests": .array(
                retention.claimedQuests.map { quest in
                    .object([
                        "questId": .string(quest.questId), "energy": .int(quest.energy), "money": .int(quest.money),
                        "diamonds": .int(quest.diamonds),
                    ])
                }),
            "statistics": retention.statistics.map { stats in
                .object([
                    "daysPlayed": .int(stats.daysPlayed), "eventsReceived": .int(stats.eventsReceived),
                    "eventsClaimed": .int(stats.eventsClaimed), "questionsAnswered": .int(stats.questionsAnswered),
                    "relationships": .int(stats.relationships), "dates": .int(stats.dates),
                    "purchases": .int(stats.purchases), "achievementsUnlocked": .int(stats.achievementsUnlocked),
                ])
            } ?? .null,
            "dataExport": retention.dataExport.map { .object(["url": .string($0.url), "bytes": .int($0.bytes)]) } ?? .null,
            "accountDeletionScheduledFor": .optional(retention.accountDeletionScheduledFor),
        ])
    }

    func toastsSnapshot() -> JSONValue {
        .object([
            "shownCount": .int(toasts.shownCount),
            "count": .int(toasts.recent.count),
            "last": toasts.recent.last?.snapshotValue ?? .null,
            "recent": .array(toasts.recent.map(\.snapshotValue)),
        ])
    }
}

extension Achievement {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "title": .string(title), "description": .string(description), "unlocked": .bool(unlocked),
            "unlockedAt": .optional(unlockedAt), "rewardDiamonds": .optional(rewardDiamonds),
        ])
    }
}

extension EnergyRefillTier {
    var snapshotValue: JSONValue {
        .object([
            "id": .string(id), "energy": .int(energy), "diamondCost": .int(diamondCost),
            "unlimitedHours": .optional(unlimitedHours),
        ])
    }
}

extension TimeSkipTier {
    var snapshotValue: JSONValue {
        .object(["id": .string(id), "hours": .int(hours), "diamondCost": .int(diamondCost)])
    }
}

extension Toast {
    var snapshotValue: JSONValue { .object(["style": .string(style.rawValue), "text": .string(text)]) }
}
