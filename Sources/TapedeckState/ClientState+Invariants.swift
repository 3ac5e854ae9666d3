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
            checkClaimable(into: &revisions.claimableViolations)
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
        if let duplicate = Self.firstDuplicate(claimable.events.map(\.id)) {
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

    static func firstDuplicate(_ ids: [String]) -> String? {
        guard ids.count > 1 else { return nil }
        var seen = Set<String>(minimumCapacity: ids.count)
        for id in ids where !seen.insert(id).inserted { return id }
        return nil
    }

    static func describe(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "none" }
}
