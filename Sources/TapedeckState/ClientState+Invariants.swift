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
        if let duplicate = DuplicateFinder.firstDuplicate(in: claimable.events, id: \.event.id) {
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
        if let duplicate = DuplicateFinder.firstDuplicate(in: questions.questions, id: \.id) {
            found.append(InvariantViolation(name: "questions.uniqueIds",
                                            message: "question id \"\(duplicate)\" is queued more than once"))
        }
    }

    func checkResources(into found: inout [InvariantViolation]) {
        // Written out rather than looped over an array of tuples: no allocation per check.
        checkResource("energy", gameState.energy, gameState.energyWriter, into: &found)
        checkResource("money", gameState.money, gameState.moneyWriter, into: &found)
        checkResource("diamonds", gameState.diamonds, gameState.diamondsWriter, into: &found)
    }

    @inline(__always)
    func checkResource(_ name: String, _ value: Int, _ writer: ResourceWriter, into found: inout [InvariantViolation]) {
        guard value < 0 && writer != .server else { return }
        found.append(InvariantViolation(
            name: "gameState.\(name).nonNegative",
            message: "\(name) is \(value), written by the client; only the server may set a negative value"))
    }

    static func firstDuplicate(_ ids: [String]) -> String? {
        DuplicateFinder.firstDuplicate(in: ids, id: \.self)
    }

    static func describe(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "none" }
}
