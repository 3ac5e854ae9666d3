import TapedeckCore
import TapedeckProtocol

extension ClientState {
    /// The whole state as JSON, with the derived values the app shows, for golden snapshots,
    /// checkpoints and state paths. Top-level keys: `snapshotKeys` (layout in docs/STATE-MACHINES.md).
    ///
    /// - Returns: An object with one member per key of `snapshotKeys`.
    public func snapshot() -> JSONValue {
        .object([
            "gameState": gameStateSnapshot(),
            "player": playerSnapshot(),
            "questions": questionsSnapshot(),
            "claimable": claimableSnapshot(),
            "connection": connectionSnapshot(),
            "achievements": achievementsSnapshot(),
            "store": storeSnapshot(),
            "retention": retentionSnapshot(),
            "toasts": toastsSnapshot(),
        ])
    }

    /// The top-level keys of `snapshot()`, where every state path starts.
    public static let snapshotKeys: Set<String> = [
        "gameState", "player", "questions", "claimable", "connection", "achievements", "store", "retention", "toasts",
    ]

    /// Lowercase hex SHA-256 of the pretty canonical JSON of `snapshot()`.
    ///
    /// - Returns: 64 lowercase hex digits, the same as `SnapshotDigest.hex(snapshot())`.
    public func digest() -> String {
        Hex.lowercase(SHA256Hasher.hash(snapshot().canonicalJSON(pretty: true)))
    }

    func gameStateSnapshot() -> JSONValue {
        let state = gameState
        return .object([
            "energy": .int(state.energy), "money": .int(state.money), "diamonds": .int(state.diamonds),
            "gameDate": .string(state.gameDate), "hourOfDay": .int(state.hourOfDay),
            "minuteOfHour": .int(state.minuteOfHour), "season": .string(state.season),
            "gameSpeed": .int(state.gameSpeed), "formattedTime": .string(state.formattedTime),
            "timeOfDay": .string(state.timeOfDayDescription), "seasonEmoji": .string(state.seasonEmoji),
            "writers": .object([
                "energy": .string(state.energyWriter.rawValue), "money": .string(state.moneyWriter.rawValue),
                "diamonds": .string(state.diamondsWriter.rawValue),
            ]),
        ])
    }

    func playerSnapshot() -> JSONValue {
        let player = self.player
        // A person in a relationship list carries its relationship, so paths like
        // player.relationships.romantic[0].status work.
        func listed(_ people: [Person]) -> JSONValue {
            .array(
                people.map { person in
                    var fields = person.snapshotFields
                    fields["relationship"] = player.relationship(with: person.id)?.snapshotValue ?? .null
                    return .object(fields)
                })
        }
        return .object([
            "fullName": .string(player.fullName), "age": .int(player.age),
            "healthPercentage": .double(player.healthPercentage), "status": .string(player.status),
            "location": .optional(player.location), "person": player.person.snapshotValue,
            "people": .array(player.people.map(\.snapshotValue)),
            "relationships": .object([
                "romantic": listed(player.romanticRelationships), "family": listed(player.familyRelationships),
                "friends": listed(player.friendRelationships),
            ]),
            "relData": .array(player.relationships.map(\.snapshotValue)),
            "activities": .array(
                player.activities.map { activity in
                    guard case .object(var fields) = activity.snapshotValue else { return activity.snapshotValue }
                    fields["record"] = player.record(for: activity.id)?.snapshotValue ?? .null
                    return .object(fields)
                }),
            "activityRecords": .array(player.activityRecords.map(\.snapshotValue)),
            "habits": .array(player.habits.map(\.snapshotValue)),
            "focuses": .array(player.focuses.map(\.snapshotValue)),
            "selectedFocus": .optional(player.selectedFocus?.id),
            "inventory": .array(player.inventory.map(\.snapshotValue)),
            "storeItems": .array(player.storeItems.map(\.snapshotValue)),
            "occupations": .array(player.occupations.map(\.snapshotValue)),
            "inAppPurchases": .array(player.inAppPurchases.map(\.snapshotValue)),
            "conversations": .array(player.conversations.map(\.snapshotValue)),
        ])
    }

    func questionsSnapshot() -> JSONValue {
        .object([
            "current": .optional(questions.currentQuestionId),
            "currentQuestion": questions.current?.snapshotValue ?? .null,
            "count": .int(questions.questions.count),
            "queue": .array(questions.questions.map(\.snapshotValue)),
        ])
    }

    func claimableSnapshot() -> JSONValue {
        .object([
            "unclaimedCount": .int(claimable.unclaimedEventCount),
            "count": .int(claimable.events.count),
            "events": .array(
                claimable.events.map { entry in
                    let event = entry.event
                    return .object([
                        "id": .string(event.id), "message": .string(event.message), "type": .optional(event.type),
                        "date": .string(event.date), "hour": .int(event.hour),
                        "energy": .optional(event.energyCost), "money": .optional(event.moneyCost),
                        "diamonds": .optional(event.diamondCost), "affinity": .optional(event.affinityChange),
                        "characters": .array(event.characters.map(\.snapshotValue)),
                        "category": .string(entry.category.rawValue), "claimable": .bool(entry.isClaimable),
                        "negative": .bool(entry.isNegative), "claimed": .bool(entry.claimed),
                        "claimPending": .bool(entry.claimPending),
                        "claimedAt": .optional(entry.claimedAt.map(timestamp)),
                    ])
                }),
        ])
    }

    func connectionSnapshot() -> JSONValue {
        .object([
            "status": .string(connection.status.rawValue), "isConnected": .bool(connection.isConnected),
            "openCount": .int(connection.openCount), "closeCode": .optional(connection.closeCode),
            "closeReason": .optional(connection.closeReason), "failure": .optional(connection.failure),
            "error": connection.currentError?.snapshotValue ?? .null,
        ])
    }
}
