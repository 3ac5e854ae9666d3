import TapedeckProtocol

/// Dating: candidates (`retrievePerson` without an id), `swipe`, `date` and `sendGift`.
extension GameSimulation {
    mutating func retrievePerson(_ personId: String?) -> [ServerMessage] {
        guard let personId else {
            let candidate = makeCandidate()
            world.candidates[candidate.id] = candidate
            return [.personObject(candidate)]
        }
        guard let person = personId == world.player.id ? currentPlayer() : world.person(personId) else {
            return [failure(.serverError, "unknown person \(personId)")]
        }
        return [.personObject(person)]
    }

    /// A seeded dating candidate near the player's age, scored against the player.
    private mutating func makeCandidate() -> Person {
        let sex: String
        switch world.player.sex {
        case "male": sex = "female"
        case "female": sex = "male"
        default: sex = rng.chance(50) ? "female" : "male"
        }
        let name = rng.pick(sex == "female" ? NamePool.femaleNames : NamePool.maleNames)
        let age = max(GameRules.startAge, (world.player.age ?? GameRules.startAge) + rng.next(in: -4...8))
        var builder = WorldBuilder(rng: rng, ids: ids)
        var candidate = builder.makePerson(
            name: name, lastName: rng.pick(NamePool.lastNames), sex: sex, age: age,
            interests: [])
        rng = builder.rng
        ids = builder.ids
        candidate.interests = rng.pick(rng.next(in: 2...4), of: NamePool.interests)
        candidate.prestige = rng.next(in: 0...100)
        candidate.status = "single"
        candidate.compatibilityScore = compatibility(with: candidate)
        return candidate
    }

    func compatibility(with candidate: Person) -> Int {
        Compatibility.score(
            playerInterests: world.player.interests, playerAge: world.player.age ?? GameRules.startAge,
            playerPrestige: world.player.prestige ?? 50, candidateInterests: candidate.interests,
            candidateAge: candidate.age ?? GameRules.startAge, candidatePrestige: candidate.prestige ?? 50)
    }

    mutating func swipe(_ swipe: Swipe) -> [ServerMessage] {
        guard let candidate = world.candidates.removeValue(forKey: swipe.personId) else {
            return [
                failure(
                    .serverError,
                    "person \(swipe.personId) is not a dating candidate: send retrievePerson first")
            ]
        }
        world.questCounters[.swipes, default: 0] += 1
        let score = compatibility(with: candidate)
        // As in the app's design: a good score matches, anything else has a coin flip.
        guard swipe.direction == .right,
            score > GameRules.matchThreshold || rng.chance(GameRules.matchChancePercent)
        else {
            return [.matchResult(MatchResult(personId: candidate.id, matched: false, compatibility: score))]
        }
        var person = candidate
        person.affinity = GameRules.matchAffinity
        person.status = "matched"
        let relationship = Relationship(
            personId: person.id, kind: .romantic, status: "matched",
            affinity: GameRules.matchAffinity, milestones: ["matched"])
        world.people.append(person)
        world.relationships.append(relationship)
        let event = RelationshipEvent(
            personId: person.id, milestone: "matched", kind: .romantic, status: "matched",
            affinity: relationship.affinity, text: "You matched with \(person.name)!", person: person)
        return [
            .matchResult(MatchResult(personId: person.id, matched: true, compatibility: score)),
            .relationshipEvent(event),
        ] + unlock(AchievementCatalog.firstMatch)
    }

    mutating func goOnDate(_ request: DateRequest) -> [ServerMessage] {
        guard let index = world.relationshipIndex(request.personId), world.relationships[index].kind == .romantic,
            let person = world.person(request.personId)
        else {
            return [failure(.serverError, "no romantic match with person \(request.personId): swipe right first")]
        }
        guard let activity = DateActivity.named(request.activity) else {
            let known = DateActivity.all.map(\.id).joined(separator: ", ")
            return [failure(.serverError, "unknown date activity \(request.activity) (known: \(known))")]
        }
        guard canAfford(energy: activity.energyCost, money: activity.moneyCost, diamonds: 0) else {
            return [
                failure(
                    .serverError,
                    "cannot go on a \(activity.id) date: "
                        + shortfall(energy: activity.energyCost, money: activity.moneyCost, diamonds: 0))
            ]
        }
        pay(energy: activity.energyCost, money: activity.moneyCost, diamonds: 0)
        let before = world.relationships[index].affinity
        world.changeAffinity(of: person.id, by: activity.affinity)
        let dates = world.romanticDates[person.id, default: 0] + 1
        world.romanticDates[person.id] = dates
        world.statistics.dates += 1
        world.questCounters[.dates, default: 0] += 1

        var milestones: [(String, String)] = []
        if dates == 1 {
            milestones.append(("first date", "You went on a first date with \(person.name) (\(activity.id))."))
        }
        if before < GameRules.datingAffinity, world.relationships[index].affinity >= GameRules.datingAffinity,
            world.relationships[index].status == "matched"
        {
            world.relationships[index].status = "dating"
            milestones.append(("dating", "You and \(person.name) are dating now."))
        }
        if milestones.isEmpty {
            milestones.append(("date", "You enjoyed a \(activity.id) date with \(person.name)."))
        }
        var messages: [ServerMessage] = []
        for (milestone, text) in milestones {
            if milestone != "date" { world.relationships[index].milestones.append(milestone) }
            let relationship = world.relationships[index]
            messages.append(
                .relationshipEvent(
                    RelationshipEvent(
                        personId: person.id, milestone: milestone, kind: .romantic, status: relationship.status,
                        affinity: relationship.affinity, text: text)))
        }
        if let personIndex = world.people.firstIndex(where: { $0.id == person.id }) {
            world.people[personIndex].status = world.relationships[index].status
        }
        return messages + [partialUpdate()] + unlock(AchievementCatalog.firstDate)
    }

    mutating func sendGift(_ gift: SendGift) -> [ServerMessage] {
        guard let index = world.relationshipIndex(gift.personId), let person = world.person(gift.personId) else {
            return [failure(.serverError, "unknown person \(gift.personId): gifts go to people you know")]
        }
        guard let slot = world.inventory.firstIndex(where: { $0.id == gift.itemId && ($0.quantity ?? 0) > 0 }) else {
            return [failure(.serverError, "item \(gift.itemId) is not in the inventory: send purchaseItem first")]
        }
        let item = world.inventory[slot]
        let left = (item.quantity ?? 1) - 1
        if left == 0 {
            world.inventory.remove(at: slot)
        } else {
            world.inventory[slot].quantity = left
        }
        world.changeAffinity(of: person.id, by: StoreCatalog.giftAffinity(item))
        let relationship = world.relationships[index]
        return [
            .relationshipEvent(
                RelationshipEvent(
                    personId: person.id, milestone: "gift", kind: relationship.kind, status: relationship.status,
                    affinity: relationship.affinity, text: "\(person.name) loved the \(item.name)."))
        ]
    }
}
