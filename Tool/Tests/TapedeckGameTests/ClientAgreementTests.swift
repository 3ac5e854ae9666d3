import TapedeckGame
import TapedeckProtocol
import TapedeckState
import Testing

/// The reference server and Tapedeck's client state machines agree: a client fed everything the
/// server says (and sending back what it sends by itself) ends every step with the server's
/// balances and no broken invariant.
@Suite struct ClientAgreementTests {
    struct Pair {
        var game: GameSimulation
        var client = ClientState()
        var time = VirtualTime.zero
        var autoClaims = 0

        init(seed: UInt64) { game = GameSimulation(seed: seed) }

        mutating func deliver(_ messages: [ServerMessage]) {
            var pending = messages[...]
            while let message = pending.popFirst() {
                time.nanoseconds += 1_000_000
                for effect in client.apply(message, at: time) {
                    guard case .send(let outgoing) = effect else { continue }
                    autoClaims += 1
                    _ = client.apply(outgoing, at: time)
                    pending += game.handle(outgoing)
                }
            }
        }

        mutating func send(_ message: ClientMessage) -> [ServerMessage] {
            _ = client.apply(message, at: time)
            let answers = game.handle(message)
            deliver(answers)
            return answers
        }

        mutating func tick(_ count: Int) -> [ServerMessage] {
            var all: [ServerMessage] = []
            for _ in 0..<count {
                let answers = game.tick()
                deliver(answers)
                all += answers
            }
            return all
        }

        /// The server's balances, from a zero-length tick's `u`.
        mutating func serverBalances() -> (Int?, Int?, Int?) {
            guard case .update(let update)? = game.tick(milliseconds: 0).last else { return (nil, nil, nil) }
            return (update.energy, update.money, update.diamonds)
        }
    }

    @Test func clientStateFollowsTheServer() throws {
        var pair = Pair(seed: 21)
        _ = pair.send(.createCharacter(CreateCharacter(name: "Lin", lastName: "Qi", sex: "male", interests: ["art"])))
        _ = pair.send(.speed(SpeedChange(speed: 10000)))
        var claimed = 0
        var answered = 0
        for _ in 0..<60 {
            for message in pair.tick(1) {
                if case .messageEvent(let event) = message,
                    [event.energyCost, event.moneyCost, event.diamondCost, event.affinityChange].contains(where: { ($0 ?? 0) > 0 }
                    )
                {
                    _ = pair.send(.claimEvent(ClaimEvent(eventId: event.id, timestamp: pair.client.timestamp(pair.time))))
                    claimed += 1
                }
                if case .questionEvent(let question) = message,
                    let option = question.options.first(where: { ($0.diamondCost ?? 0) == 0 && ($0.moneyCost ?? 0) <= 0 })
                {
                    _ = pair.send(.answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id)))
                    answered += 1
                }
            }
            let (energy, money, diamonds) = pair.serverBalances()
            #expect(
                pair.client.gameState.energy == energy && pair.client.gameState.money == money
                    && pair.client.gameState.diamonds == diamonds)
            #expect(pair.client.invariantViolations().isEmpty, "\(pair.client.invariantViolations())")
        }
        _ = pair.send(.purchaseItem(PurchaseItem(itemId: "flowers")))
        _ = pair.send(.validatePurchase(ValidatePurchase(productId: "diamond1", receipt: "receipt-9")))
        _ = pair.send(.timeSkip(TimeSkip(tier: "1w")))
        let (energy, money, diamonds) = pair.serverBalances()
        #expect(
            pair.client.gameState.energy == energy && pair.client.gameState.money == money
                && pair.client.gameState.diamonds == diamonds)
        #expect(pair.client.invariantViolations().isEmpty)
        // The session exercised what it should: claims, answers and automatic claims of losses.
        #expect(claimed > 0 && answered > 0 && pair.autoClaims > 0)
        #expect(pair.client.claimable.unclaimedEventCount == 0)
    }
}
