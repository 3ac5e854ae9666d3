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
        // Loops by index read fields in place: copying whole events out of the array showed as
        // most of a replay's time.
        let events = claimable.events
        var awaiting = 0
        var inconsistentClaim: Int? = nil
        events.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count {
                // Stored fields through the pointer: `isAwaitingClaim`, spelled out, without a copy.
                let claimed = buffer[index].claimed
                if !claimed && ((buffer[index].event.energyCost ?? 0) > 0 || (buffer[index].event.moneyCost ?? 0) > 0
                    || (buffer[index].event.diamondCost ?? 0) > 0 || (buffer[index].event.affinityChange ?? 0) > 0) {
                    awaiting += 1
                }
                if inconsistentClaim == nil, claimed != (buffer[index].claimedAt != nil) { inconsistentClaim = index }
            }
        }
        if claimable.unclaimedEventCount != awaiting {
            found.append(InvariantViolation(
                name: "claimable.unclaimedCount",
                message: "unclaimedEventCount is \(claimable.unclaimedEventCount) but \(awaiting) claimable events are unclaimed"))
        }
        if events.count > ClaimableEvents.capacity {
            found.append(InvariantViolation(
                name: "claimable.capacity",
                message: "\(events.count) life events are kept; at most \(ClaimableEvents.capacity) may be"))
        }
        let duplicate = events.withUnsafeBufferPointer { buffer in
            DuplicateFinder.firstDuplicate(count: buffer.count, id: { buffer[$0].event.id })
        }
        if let duplicate {
            found.append(InvariantViolation(name: "claimable.uniqueIds",
                                            message: "life event id \"\(duplicate)\" is in the list more than once"))
        }
        if let index = inconsistentClaim {
            let event = events[index]
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
        // A local, so the closure captures the array rather than copying the whole ClientState.
        let queue = questions.questions
        let duplicate = queue.withUnsafeBufferPointer { buffer in
            DuplicateFinder.firstDuplicate(count: buffer.count, id: { buffer[$0].id })
        }
        if let duplicate {
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
        DuplicateFinder.firstDuplicate(count: ids.count, id: { ids[$0] })
    }

    static func describe(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "none" }
}
