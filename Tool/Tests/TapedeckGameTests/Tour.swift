import TapedeckGame
import TapedeckProtocol

/// A scripted session that visits every flow once; it reacts to the server only through ids it was
/// sent, so the same seed always takes the same path.
enum Tour {
    static func run(seed: UInt64) -> Playthrough {
        var play = Playthrough(seed: seed)
        play.send(.claimDailyReward, flow: "before createCharacter")
        let world = play.send(.createCharacter(Playthrough.hero))
        let friend = world.first?.playerObject?.relData.first { $0.kind == .friend }?.personId ?? "none"
        play.send(.speed(SpeedChange(speed: 10000)))
        // Tick until both a claimable event and a question arrived (bounded).
        var event: LifeEvent?
        var question: Question?
        for _ in 0..<200 where event == nil || question == nil {
            for message in play.tick() {
                if event == nil, let candidate = message.lifeEvent, (candidate.moneyCost ?? 0) > 0 { event = candidate }
                if question == nil, let asked = message.question { question = asked }
            }
        }
        play.send(.speed(SpeedChange(speed: 50)))
        if let event {
            play.send(.claimEvent(ClaimEvent(eventId: event.id, timestamp: "2025-01-01T10:00:00Z")))
            play.send(.claimEvent(ClaimEvent(eventId: event.id, timestamp: "2025-01-01T10:00:01Z")), flow: "claim twice")
        }
        if let question, let option = question.options.first(where: { $0.diamondCost == nil }) {
            play.send(.answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id)))
        }
        play.send(.sendMessage(SendMessage(personId: friend, text: "Thanks for yesterday, it was fun!")))
        play.send(.quitHabit(HabitAction(habitId: "doomscrolling")))
        play.send(.stopQuitHabit(HabitAction(habitId: "doomscrolling")))
        play.send(.setFocus(SetFocus(focusId: "social")))
        play.send(.retrievePerson(RetrievePerson(personId: friend)))
        var match: String?
        for _ in 0..<30 where match == nil {
            guard let candidate = play.send(.retrievePerson(RetrievePerson())).first?.person else { break }
            let answer = play.send(.swipe(Swipe(personId: candidate.id, direction: .right)))
            if answer.first?.matchResult?.matched == true { match = candidate.id }
        }
        play.send(.validatePurchase(ValidatePurchase(productId: "diamond1", receipt: "receipt-tour-1")))
        play.send(
            .validatePurchase(ValidatePurchase(productId: "diamond1", receipt: "receipt-tour-1")),
            flow: "reused receipt")
        play.send(.purchaseItem(PurchaseItem(itemId: "flowers")))
        play.send(.refillEnergy(RefillEnergy(tier: "small")))
        if let match {
            play.send(.date(DateRequest(personId: match, activity: "coffee")))
            play.send(.sendGift(SendGift(personId: match, itemId: "flowers")))
        }
        play.send(.timeSkip(TimeSkip(tier: "1d")))
        play.send(.claimDailyReward)
        for _ in 0..<4 {
            if let candidate = play.send(.retrievePerson(RetrievePerson())).first?.person {
                play.send(.swipe(Swipe(personId: candidate.id, direction: .left)))
            }
        }
        play.send(.claimQuestReward(ClaimQuestReward(questId: "swipe-5")))
        play.send(.stop)
        play.send(.start)
        play.send(.requestStatistics)
        play.send(.exportData)
        play.send(.deleteAccount)
        play.send(.unknown(type: "teleport", raw: Array(#"{"type":"teleport","message":{}}"#.utf8)))
        play.send(.restart)
        return play
    }
}
