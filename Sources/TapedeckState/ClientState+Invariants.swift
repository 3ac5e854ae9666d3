import TapedeckProtocol

extension ClientState {
    /// Every invariant that does not hold now; empty when the state is consistent. Cheap enough to
    /// run after every message of a replay.
    public func invariantViolations() -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        checkClaimable(into: &found)
        checkQuestions(into: &found)
        checkResources(into: &found)
        return found
    }

    /// The same verdict as `invariantViolations()`, cheap enough for every message of a replay: the
    /// question queue and the life events are re-checked only when they changed since the last
    /// call (their revisions moved); the resource rule is O(1) and always checked. Debug builds
    /// assert that the answer equals the full check.
    public mutating func checkInvariants() -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        if revisions.claimable != revisions.checkedClaimable {
            revisions.claimableViolations = []
            let ids = claimable.events.map(\.id)
            // Ids known unique at the last check stay unique when they are unchanged or only gained a
            // new id at the front (and lost some at the back): O(n) comparisons instead of hashing.
            let knownUnique = revisions.checkedClaimable != .max && revisions.claimableIdsUnique
                && Self.isUnchangedOrPushedFront(ids, previous: revisions.claimableIds)
            checkClaimable(into: &revisions.claimableViolations, ids: ids, knownUnique: knownUnique)
            revisions.claimableIds = ids
            revisions.claimableIdsUnique = !revisions.claimableViolations.contains { $0.name == "claimable.uniqueIds" }
            revisions.checkedClaimable = revisions.claimable
        }
        found += revisions.claimableViolations
        if revisions.questions != revisions.checkedQuestions {
            revisions.questionViolations = []
            checkQuestions(into: &revisions.questionViolations)
            revisions.checkedQuestions = revisions.questions
        }
        found += revisions.questionViolations
        checkResources(into: &found)
        assert(found == invariantViolations(), "incremental invariant check disagrees with the full check")
        return found
    }

    func checkClaimable(into found: inout [InvariantViolation]) {
        checkClaimable(into: &found, ids: claimable.events.map(\.id), knownUnique: false)
    }

    /// `ids` are the events' ids in order; `knownUnique` skips the duplicate search.
    func checkClaimable(into found: inout [InvariantViolation], ids: [String], knownUnique: Bool) {
        let awaiting = claimable.events.reduce(0) { $0 + ($1.isAwaitingClaim ? 1 : 0) }
        if claimable.unclaimedEventCount != awaiting {
            found.append(InvariantViolation(
                name: "claimable.unclaimedCount",
                message: "unclaimedEventCount is \(claimable.unclaimedEventCount) but \(awaiting) claimable events are unclaimed"))
        }
        if claimable.events.count > ClaimableEvents.capacity {
            found.append(InvariantViolation(
                name: "claimable.capacity",
                message: "\(claimable.events.count) life events are kept; at most \(ClaimableEvents.capacity) may be"))
        }
        if !knownUnique, let duplicate = Self.firstDuplicate(ids) {
            found.append(InvariantViolation(name: "claimable.uniqueIds",
                                            message: "life event id \"\(duplicate)\" is in the list more than once"))
        }
        if let event = claimable.events.first(where: { $0.claimed != ($0.claimedAt != nil) }) {
            found.append(InvariantViolation(
                name: "claimable.claimedAt",
                message: "life event \"\(event.id)\" has claimed = \(event.claimed) but claimedAt is \(event.claimedAt == nil ? "nil" : "set")"))
        }
    }

    func checkQuestions(into found: inout [InvariantViolation]) {
        let head = questions.questions.first?.id
        if questions.currentQuestionId != head {
            found.append(InvariantViolation(
                name: "questions.currentIsHead",
                message: "the current question is \(Self.describe(questions.currentQuestionId)) but the queue's head is \(Self.describe(head))"))
        }
        if let duplicate = Self.firstDuplicate(questions.questions.map(\.id)) {
            found.append(InvariantViolation(name: "questions.uniqueIds",
                                            message: "question id \"\(duplicate)\" is queued more than once"))
        }
    }

    func checkResources(into found: inout [InvariantViolation]) {
        // Tested one by one: the common case (all fine) must not allocate.
        func check(_ name: String, _ value: Int, _ writer: ResourceWriter) {
            guard value < 0 && writer != .server else { return }
            found.append(InvariantViolation(
                name: "gameState.\(name).nonNegative",
                message: "\(name) is \(value), written by the client; only the server may set a negative value"))
        }
        check("energy", gameState.energy, gameState.energyWriter)
        check("money", gameState.money, gameState.moneyWriter)
        check("diamonds", gameState.diamonds, gameState.diamondsWriter)
    }

    /// True when `ids` equals `previous`, or is a new id followed by a prefix of `previous` that
    /// does not contain it (a `messageEvent` at the front, the oldest dropped at the back).
    static func isUnchangedOrPushedFront(_ ids: [String], previous: [String]) -> Bool {
        if ids == previous { return true }
        guard let first = ids.first, ids.count - 1 <= previous.count else { return false }
        let kept = previous[0..<(ids.count - 1)]
        return ids.dropFirst().elementsEqual(kept) && !kept.contains(first)
    }

    static func firstDuplicate(_ ids: [String]) -> String? {
        guard ids.count > 1 else { return nil }
        var seen = Set<String>(minimumCapacity: ids.count)
        for id in ids where !seen.insert(id).inserted { return id }
        return nil
    }

    static func describe(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "none" }
}
