import TapedeckProtocol

extension ClientState {
    /// Every invariant that does not hold now; empty when the state is consistent. Cheap enough to
    /// run after every message of a replay.
    ///
    /// - Returns: The broken invariants, each with its name (`claimable.uniqueIds`) and what is wrong.
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
    ///
    /// - Returns: The broken invariants, as `invariantViolations()` returns them.
    public mutating func checkInvariants() -> [InvariantViolation] {
        // The checks write into locals, not into `revisions` in place: an inout access to a stored
        // property while calling methods on `self` made the compiler copy the whole state.
        if revisions.claimable != revisions.checkedClaimable {
            // Ids known unique at the last check stay unique when they are unchanged or only gained a
            // new id at the front (and lost some at the back): O(n) comparisons instead of hashing.
            let change = Self.idsChange(claimable.events, previous: revisions.claimableIds)
            let knownUnique =
                revisions.checkedClaimable != .max && revisions.claimableIdsUnique
                && (change == .unchanged || change == .pushedFront)
            var violations: [InvariantViolation] = []
            checkClaimable(into: &violations, knownUnique: knownUnique)
            let idsUnique = knownUnique || !violations.contains { $0.name == "claimable.uniqueIds" }
            if change != .unchanged {
                var ids = revisions.claimableIds
                revisions.claimableIds = []
                Self.replaceIds(&ids, with: claimable.events, pushedFront: change == .pushedFront)
                revisions.claimableIds = ids
            }
            revisions.claimableViolations = violations
            revisions.claimableIdsUnique = idsUnique
            revisions.checkedClaimable = revisions.claimable
        }
        if revisions.questions != revisions.checkedQuestions {
            var violations: [InvariantViolation] = []
            checkQuestions(into: &violations)
            revisions.questionViolations = violations
            revisions.checkedQuestions = revisions.questions
        }
        var found: [InvariantViolation] = []
        if !revisions.claimableViolations.isEmpty { found += revisions.claimableViolations }
        if !revisions.questionViolations.isEmpty { found += revisions.questionViolations }
        checkResources(into: &found)
        assert(found == invariantViolations(), "incremental invariant check disagrees with the full check")
        return found
    }

    func checkClaimable(into found: inout [InvariantViolation]) {
        checkClaimable(into: &found, knownUnique: false)
    }

    /// `knownUnique` skips the duplicate search. One pass over the events, read in place.
    func checkClaimable(into found: inout [InvariantViolation], knownUnique: Bool) {
        let (awaiting, badClaimedAt) = claimable.events.withUnsafeBufferPointer { events -> (Int, Int?) in
            var awaiting = 0
            var badClaimedAt: Int? = nil
            for index in events.indices {
                if events[index].isAwaitingClaim { awaiting += 1 }
                if badClaimedAt == nil, events[index].claimed != (events[index].claimedAt != nil) { badClaimedAt = index }
            }
            return (awaiting, badClaimedAt)
        }
        if claimable.unclaimedEventCount != awaiting {
            found.append(
                InvariantViolation(
                    name: "claimable.unclaimedCount",
                    message:
                        "unclaimedEventCount is \(claimable.unclaimedEventCount) but \(awaiting) claimable events are unclaimed"))
        }
        if claimable.events.count > ClaimableEvents.capacity {
            found.append(
                InvariantViolation(
                    name: "claimable.capacity",
                    message: "\(claimable.events.count) life events are kept; at most \(ClaimableEvents.capacity) may be"))
        }
        if !knownUnique, let duplicate = Self.firstDuplicate(claimable.events.map(\.id)) {
            found.append(
                InvariantViolation(
                    name: "claimable.uniqueIds",
                    message: "life event id \"\(duplicate)\" is in the list more than once"))
        }
        if let badClaimedAt {
            let event = claimable.events[badClaimedAt]
            found.append(
                InvariantViolation(
                    name: "claimable.claimedAt",
                    message:
                        "life event \"\(event.id)\" has claimed = \(event.claimed) but claimedAt is \(event.claimedAt == nil ? "nil" : "set")"
                ))
        }
    }

    func checkQuestions(into found: inout [InvariantViolation]) {
        let head = questions.questions.first?.id
        if questions.currentQuestionId != head {
            found.append(
                InvariantViolation(
                    name: "questions.currentIsHead",
                    message:
                        "the current question is \(Self.describe(questions.currentQuestionId)) but the queue's head is \(Self.describe(head))"
                ))
        }
        if let duplicate = Self.firstDuplicate(questions.questions.map(\.id)) {
            found.append(
                InvariantViolation(
                    name: "questions.uniqueIds",
                    message: "question id \"\(duplicate)\" is queued more than once"))
        }
    }

    func checkResources(into found: inout [InvariantViolation]) {
        // Tested one by one: the common case (all fine) must not allocate.
        func check(_ name: String, _ value: Int, _ writer: ResourceWriter) {
            guard value < 0 && writer != .server else { return }
            found.append(
                InvariantViolation(
                    name: "gameState.\(name).nonNegative",
                    message: "\(name) is \(value), written by the client; only the server may set a negative value"))
        }
        check("energy", gameState.energy, gameState.energyWriter)
        check("money", gameState.money, gameState.moneyWriter)
        check("diamonds", gameState.diamonds, gameState.diamondsWriter)
    }

    /// How the ids of a list changed since the last check.
    enum IdsChange: Equatable {
        case unchanged
        /// A new id, not among the kept ones, at the front of a prefix of the previous ids (a
        /// `messageEvent` at the front, the oldest dropped at the back).
        case pushedFront
        case other
    }

    /// True when `ids` equals `previous`, or is a new id followed by a prefix of `previous` that
    /// does not contain it.
    static func isUnchangedOrPushedFront(_ ids: [String], previous: [String]) -> Bool {
        ids.withUnsafeBufferPointer { ids in idsChange(count: ids.count, id: { ids[$0] }, previous: previous) != .other }
    }

    /// The change of the events' ids, read in place.
    static func idsChange(_ events: [ClaimableEvent], previous: [String]) -> IdsChange {
        events.withUnsafeBufferPointer { events in idsChange(count: events.count, id: { events[$0].event.id }, previous: previous)
        }
    }

    @inline(__always)
    static func idsChange(count: Int, id: (Int) -> String, previous: [String]) -> IdsChange {
        previous.withUnsafeBufferPointer { previous in
            if count == previous.count, (0..<count).allSatisfy({ id($0) == previous[$0] }) { return .unchanged }
            guard count > 0, count - 1 <= previous.count else { return .other }
            for index in 1..<count where id(index) != previous[index - 1] { return .other }
            // The new id must not be among the kept ones. Small ASCII ids compare by their two words
            // (equal words exactly when equal text); anything else by `==`.
            let first = id(0)
            let firstWords = SmallStringLayout.isKnown ? SmallStringLayout.inlinedASCIIWords(first) : nil
            for index in 0..<(count - 1) {
                let kept = previous[index]
                if let firstWords, let keptWords = SmallStringLayout.inlinedASCIIWords(kept) {
                    if firstWords == keptWords { return .other }
                } else if kept == first {
                    return .other
                }
            }
            return .pushedFront
        }
    }

    /// Makes `ids` the events' ids, reusing its storage; `pushedFront` when `idsChange` said so.
    static func replaceIds(_ ids: inout [String], with events: [ClaimableEvent], pushedFront: Bool) {
        if pushedFront, let first = events.first {
            ids.removeLast(ids.count - (events.count - 1))
            ids.insert(first.event.id, at: 0)
            return
        }
        ids.removeAll(keepingCapacity: true)
        events.withUnsafeBufferPointer { events in
            for index in events.indices { ids.append(events[index].event.id) }
        }
    }

    static func firstDuplicate(_ ids: [String]) -> String? {
        guard ids.count > 1 else { return nil }
        var seen = Set<String>(minimumCapacity: ids.count)
        for id in ids where !seen.insert(id).inserted { return id }
        return nil
    }

    static func describe(_ id: String?) -> String { id.map { "\"\($0)\"" } ?? "none" }
}
