import TapedeckCore
import TapedeckProtocol

/// Life events (`messageEvent`, `claimEvent`) and questions (`questionEvent`, `answerQuestion`).
extension GameSimulation {
    /// The person a template placeholder names: "friend", "mother" or "father".
    func role(_ name: String) -> Person? {
        let status = name == "friend" ? "best friend" : name
        guard let relation = world.relationships.first(where: { $0.status == status }) else { return nil }
        return world.people.first { $0.id == relation.personId }
    }

    /// Replaces `{role}` placeholders with first names; returns the text and the people named.
    func fill(_ text: String, roles: [String]) -> (String, [SimplePerson]) {
        var filled = text
        var characters: [SimplePerson] = []
        for name in roles {
            guard let person = role(name) else { continue }
            filled = filled.replacingPlaceholder("{\(name)}", with: person.name)
            characters.append(world.simple(person))
        }
        return (filled, characters)
    }

    mutating func lifeEvent(from template: LifeEventTemplate) -> LifeEvent {
        let roles = ["friend", "mother", "father"].filter { template.text.contains("{\($0)}") }
        let (text, characters) = fill(template.text, roles: roles)
        return LifeEvent(
            id: ids.next("event"), message: text, type: template.category, date: world.calendarDate.iso,
            hour: world.hourOfDay, energyCost: template.energy == 0 ? nil : template.energy,
            moneyCost: template.money == 0 ? nil : template.money,
            diamondCost: template.diamonds == 0 ? nil : template.diamonds,
            affinityChange: template.affinity == 0 ? nil : template.affinity, characters: characters)
    }

    /// Applies an event's signed amounts: losses always, rewards only when `includingRewards`.
    mutating func apply(_ event: LifeEvent, includingRewards: Bool) {
        func amount(_ value: Int?) -> Int {
            guard let value else { return 0 }
            return value < 0 || includingRewards ? value : 0
        }
        let energy = amount(event.energyCost)
        if !(world.isUnlimited && energy < 0) {
            world.energy = max(0, world.energy + energy)
        }
        world.money += amount(event.moneyCost)
        world.diamonds = max(0, world.diamonds + amount(event.diamondCost))
        let affinity = amount(event.affinityChange)
        if affinity != 0 {
            for character in event.characters {
                world.changeAffinity(of: character.id, by: affinity)
            }
        }
    }

    mutating func question(from template: QuestionTemplate) -> Question {
        let (text, characters) = fill(template.text, roles: template.characters)
        let options = template.options.map { option in
            AnswerOption(
                id: option.id, text: option.text, energyCost: option.energy == 0 ? nil : option.energy,
                moneyCost: option.money == 0 ? nil : option.money,
                diamondCost: option.diamonds == 0 ? nil : option.diamonds)
        }
        let question = Question(
            id: ids.next("question"), question: text, options: options, characters: characters,
            date: world.calendarDate.iso, hour: world.hourOfDay)
        world.pendingQuestions[question.id] = GameWorld.PendingQuestion(question: question, template: template)
        return question
    }

    mutating func claimEvent(_ eventId: String) -> [ServerMessage] {
        if world.claimedEvents.contains(eventId) {
            return [.claimResult(ClaimResult(eventId: eventId, accepted: false, reason: "alreadyClaimed"))]
        }
        guard let issued = world.openEvents.removeValue(forKey: eventId) else {
            return [.claimResult(ClaimResult(eventId: eventId, accepted: false, reason: "unknownEvent"))]
        }
        if world.gameMinutes - issued.issuedAt > GameRules.claimWindowMinutes {
            // Gone for good: a later claim of it is an unknown event.
            return [.claimResult(ClaimResult(eventId: eventId, accepted: false, reason: "expired"))]
        }
        world.claimedEvents.insert(eventId)
        // Losses were applied when the event happened; a claim adds only the rewards.
        let event = issued.event
        var rewards = event
        rewards.energyCost = event.energyCost.map { max(0, $0) }
        rewards.moneyCost = event.moneyCost.map { max(0, $0) }
        rewards.diamondCost = event.diamondCost.map { max(0, $0) }
        rewards.affinityChange = event.affinityChange.map { max(0, $0) }
        apply(rewards, includingRewards: true)
        world.statistics.eventsClaimed += 1
        world.questCounters[.claims, default: 0] += 1
        return [.claimResult(ClaimResult(eventId: eventId, accepted: true)), partialUpdate()]
            + unlock(AchievementCatalog.firstClaim)
    }

    mutating func answerQuestion(_ answer: AnswerQuestion) -> [ServerMessage] {
        guard let pending = world.pendingQuestions[answer.questionId] else {
            return [failure(.serverError, "unknown question \(answer.questionId): it was never asked or is answered")]
        }
        guard let option = pending.template.options.first(where: { $0.id == answer.optionId }) else {
            let known = pending.template.options.map(\.id).joined(separator: ", ")
            return [
                failure(
                    .serverError,
                    "question \(answer.questionId) has no option \(answer.optionId) (options: \(known))")
            ]
        }
        let energy = option.energy
        let money = option.money
        let diamonds = option.diamonds
        guard canAfford(energy: energy, money: money, diamonds: diamonds) else {
            return [
                failure(
                    .serverError,
                    "cannot answer \(answer.questionId) with \(option.id): "
                        + shortfall(energy: energy, money: money, diamonds: diamonds))
            ]
        }
        world.pendingQuestions[answer.questionId] = nil
        pay(energy: energy, money: money, diamonds: diamonds)
        for character in pending.question.characters {
            world.changeAffinity(of: character.id, by: option.affinity)
        }
        world.statistics.questionsAnswered += 1
        world.questCounters[.answers, default: 0] += 1
        return [partialUpdate()] + unlock(AchievementCatalog.firstAnswer)
    }
}

extension String {
    /// `replacingOccurrences(of:with:)` without Foundation.
    func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: placeholder) {
            result += rest[..<range.lowerBound]
            result += value
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
