import TapedeckCore
import TapedeckProtocol

/// A deterministic two-way session for benchmarks and replay soak tests: the server messages of
/// `SyntheticMessages`, and the client's side of the conversation in between. The client answers
/// every question a few messages after it arrives, claims most life events with a reward, and
/// now and then changes the game speed or its focus, so a replay exercises both directions.
/// The server's claim results answer the client's claims in order (a result with nothing to answer
/// is left out), so the session keeps every invariant a replay checks.
/// The same seed always gives the same messages in the same order, and so the same bytes.
package struct SyntheticSession: Sendable {
    /// One message of the session, in the order it travels.
    package enum Message: Sendable, Equatable {
        case server(ServerMessage)
        case client(ClientMessage)
    }

    private var server: SyntheticMessages
    private var random: SeededGenerator
    /// Client messages waiting to be sent, each with how many server messages it waits for.
    private var pending: [(delay: Int, message: ClientMessage)] = []
    private var sentClaims = 0
    /// Events the client has claimed and the server has not answered yet, oldest first.
    private var unansweredClaims: [String] = []

    package init(seed: UInt64) {
        server = SyntheticMessages(seed: seed)
        // A second stream, so the server messages stay those of SyntheticMessages(seed:) (but for
        // the claim results, which answer this session's claims).
        random = SeededGenerator(seed: seed ^ 0x5EED_C11E_47A1_5E55)
    }

    /// The next message: a due client reply, else the next server message.
    package mutating func next() -> Message {
        if let index = pending.firstIndex(where: { $0.delay <= 0 }) {
            let message = pending.remove(at: index).message
            if case .claimEvent(let claim) = message { unansweredClaims.append(claim.eventId) }
            return .client(message)
        }
        var message = server.next()
        while case .claimResult(var result) = message {
            guard !unansweredClaims.isEmpty else {
                message = server.next()
                continue
            }
            result.eventId = unansweredClaims.removeFirst()
            message = .claimResult(result)
            break
        }
        for index in pending.indices { pending[index].delay -= 1 }
        react(to: message)
        return .server(message)
    }

    /// Queues what a player would do about `message`.
    private mutating func react(to message: ServerMessage) {
        switch message {
        case .questionEvent(let question):
            // Every question is answered, as players must to go on, after 0-6 more server messages.
            if !question.options.isEmpty {
                let option = question.options[random.next(below: question.options.count)]
                pending.append(
                    (random.next(in: 0...6), .answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id))))
            }
        case .messageEvent(let event):
            let amounts = [event.energyCost ?? 0, event.moneyCost ?? 0, event.diamondCost ?? 0, event.affinityChange ?? 0]
            // Negative events are claimed by the client state itself; rewards are claimed by the player.
            if amounts.allSatisfy({ $0 >= 0 }), amounts.contains(where: { $0 > 0 }), random.chance(80) {
                sentClaims += 1
                let minute = sentClaims / 60 % 60
                let second = sentClaims % 60
                let timestamp = "2025-03-01T09:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)Z"
                pending.append((random.next(in: 1...10), .claimEvent(ClaimEvent(eventId: event.id, timestamp: timestamp))))
            }
        case .update:
            if random.chance(1) {
                pending.append((0, .speed(SpeedChange(speed: random.pick(SpeedChange.levels)))))
            } else if random.chance(1) {
                pending.append((0, .setFocus(SetFocus(focusId: "f\(random.next(in: 1...4))"))))
            }
        default:
            break
        }
    }
}
