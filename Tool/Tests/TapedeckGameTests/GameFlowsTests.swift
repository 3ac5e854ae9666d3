import TapedeckGame
import TapedeckProtocol
import Testing

@Suite struct GameFlowsTests {
    func started(seed: UInt64 = 7) -> Playthrough {
        var play = Playthrough(seed: seed)
        play.send(.createCharacter(Playthrough.hero))
        return play
    }

    @Test func characterCreationSendsTheWorldThenTheLists() throws {
        var play = Playthrough(seed: 7)
        let answers = play.send(.createCharacter(Playthrough.hero))
        #expect(
            answers.map(\.type) == [
                "playerObject", "achievementsList", "energyRefillTiers", "timeSkipTiers",
                "extraCurriculars",
            ])
        let player = try #require(answers[0].playerObject)
        #expect(player.person.name == "Ada" && player.person.lastName == "Lovelace" && player.person.sex == "female")
        #expect(player.person.interests == ["music", "reading", "coding"])
        #expect(player.person.energy == 100 && player.person.money == 200 && player.person.diamonds == 20)
        #expect(player.relData.map(\.status) == ["mother", "father", "best friend"])
        #expect(player.relData.map(\.kind) == [.family, .family, .friend])
        #expect(player.r.count == 3 && player.r[0].lastName == "Lovelace")
        #expect(player.activities.map(\.kind) == [.highSchool, .occupation, .extracurricular])
        #expect(Set(player.activities.map(\.id)).isSubset(of: Set(player.activityRecords.map(\.id))))
        #expect(player.habits.count == 2 && player.focuses.filter(\.selected).map(\.id) == ["study"])
        #expect(player.inAppPurchases.map(\.productId) == ["diamond1", "diamond2"])
        #expect(player.activeConversations.isEmpty && !player.storeItems.isEmpty && !player.occupations.isEmpty)
        #expect(player.date == "2025-02-20" && player.hourOfDay == 8 && player.season == "winter")
    }

    @Test func messagesBeforeCreationAreRefused() {
        var play = Playthrough(seed: 7)
        let answers = play.send(.claimDailyReward)
        #expect(answers.map(\.type) == ["error"])
        #expect(answers[0].serverError?.message.contains("createCharacter") == true)
        #expect(play.game.tick().isEmpty)
    }

    @Test func speedMultipliesRealTime() throws {
        var play = started()
        #expect(play.send(.speed(SpeedChange(speed: 1000)))[0].batchUpdate?.gameSpeed == 1000)
        let update = try #require(play.tick().compactMap(\.partialUpdate).last)
        #expect(update.hourOfDay == 8 && update.minuteOfHour == 16) // 1000 game seconds; 40 s carried over
        #expect(play.tick().compactMap(\.partialUpdate).last?.minuteOfHour == 33) // 2000 s = 33 min 20 s
        #expect(play.send(.speed(SpeedChange(speed: 7)))[0].serverError?.kind == .serverError)
        play.send(.stop)
        #expect(play.tick().isEmpty)
        #expect(play.send(.start)[0].batchUpdate?.status == "playing")
        #expect(play.tick().compactMap(\.partialUpdate).last?.minuteOfHour == 50)
    }

    @Test func claimsAreValidatedAndCreditRewards() throws {
        var play = started()
        play.send(.speed(SpeedChange(speed: 10000)))
        let event = try #require(
            play.tick(until: 50) { message in
                message.lifeEvent.flatMap { ($0.moneyCost ?? 0) > 0 ? $0 : nil }
            })
        let moneyBefore = play.game.tick(milliseconds: 0).compactMap(\.partialUpdate).last?.money ?? 0
        let answers = play.send(.claimEvent(ClaimEvent(eventId: event.id, timestamp: "2025-01-01T00:00:00Z")))
        #expect(answers.first?.claimResult == ClaimResult(eventId: event.id, accepted: true))
        #expect(answers[1].partialUpdate?.money == moneyBefore + (event.moneyCost ?? 0))
        #expect(answers.dropFirst(2).first?.type == "achievementUnlocked")
        let again = play.send(.claimEvent(ClaimEvent(eventId: event.id, timestamp: "x")))
        #expect(again == [.claimResult(ClaimResult(eventId: event.id, accepted: false, reason: "alreadyClaimed"))])
        let unknown = play.send(.claimEvent(ClaimEvent(eventId: "event-999", timestamp: "x")))
        #expect(unknown == [.claimResult(ClaimResult(eventId: "event-999", accepted: false, reason: "unknownEvent"))])
    }

    @Test func answeringAQuestionPaysTheOption() throws {
        var play = started(seed: 11)
        play.send(.speed(SpeedChange(speed: 10000)))
        let question = try #require(play.tick(until: 100) { $0.question })
        let option = try #require(question.options.last)
        let before = play.game.tick(milliseconds: 0).compactMap(\.partialUpdate).last
        let answers = play.send(.answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id)))
        let after = try #require(answers.first?.partialUpdate)
        #expect(after.money == (before?.money ?? 0) - (option.moneyCost ?? 0))
        let repeated = play.send(.answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id)))
        #expect(repeated.first?.serverError?.message.contains("unknown question") == true)
    }

    @Test func storeChargesAndRejectsWithReasons() throws {
        var play = started()
        let bought = try #require(play.send(.purchaseItem(PurchaseItem(itemId: "flowers")))[0].purchaseResult)
        #expect(bought.success && bought.money == 180)
        #expect(play.send(.purchaseItem(PurchaseItem(itemId: "yacht")))[0].purchaseResult?.reason == "unknownItem")
        let refill = try #require(play.send(.refillEnergy(RefillEnergy(tier: "small")))[0].purchaseResult)
        #expect(refill.success && refill.energy == 200 && refill.diamonds == 20 + 5 - 9) // +5: first purchase
        #expect(play.send(.refillEnergy(RefillEnergy(tier: "large")))[0].purchaseResult?.reason == "insufficientFunds")
        #expect(play.send(.refillEnergy(RefillEnergy(tier: "huge")))[0].purchaseResult?.reason == "unknownTier")
        #expect(play.send(.timeSkip(TimeSkip(tier: "1y")))[0].purchaseResult?.reason == "unknownTier")

        let receipt = ValidatePurchase(productId: "diamond1", receipt: "receipt-abc")
        #expect(play.send(.validatePurchase(receipt))[0].purchaseResult?.diamonds == 116)
        #expect(play.send(.validatePurchase(receipt))[0].purchaseResult?.reason == "receiptAlreadyUsed")
        let forged = ValidatePurchase(productId: "diamond2", receipt: "forged")
        #expect(play.send(.validatePurchase(forged))[0].purchaseResult?.reason == "invalidReceipt")
        let unknown = ValidatePurchase(productId: "diamond9", receipt: "receipt-x")
        #expect(play.send(.validatePurchase(unknown))[0].purchaseResult?.reason == "unknownProduct")
    }

    @Test func timeSkipRunsTheHoursAndSummarises() throws {
        var play = started()
        play.send(.validatePurchase(ValidatePurchase(productId: "diamond2", receipt: "receipt-1")))
        let answers = play.send(.timeSkip(TimeSkip(tier: "1m")))
        let result = try #require(answers.compactMap(\.purchaseResult).first)
        let summary = try #require(result.summary)
        #expect(result.success && summary.hoursSkipped == 720)
        #expect(!summary.events.isEmpty && summary.events.contains("It is spring now."))
        let batch = try #require(answers.compactMap(\.batchUpdate).first)
        #expect(batch.date == "2025-03-22" && batch.hourOfDay == 8 && batch.season == "spring")
        #expect(result.money == 200 + summary.moneyChange)
    }

    @Test func dailyRewardOncePerGameDayWithStreak() throws {
        var play = started()
        let first = try #require(play.send(.claimDailyReward).first)
        #expect(first == .dailyRewardClaimed(DailyRewardClaimed(day: 1, streak: 1, energy: 20, money: 25, diamonds: 1)))
        #expect(play.send(.claimDailyReward).first?.serverError != nil)
        play.send(.validatePurchase(ValidatePurchase(productId: "diamond1", receipt: "receipt-1")))
        for day in 2...3 {
            play.send(.timeSkip(TimeSkip(tier: "1d")))
            let next = play.send(.claimDailyReward)
            #expect(
                next.first
                    == .dailyRewardClaimed(
                        DailyRewardClaimed(
                            day: day, streak: day, energy: 20,
                            money: 25 * day, diamonds: 1)))
            if day == 3 { #expect(next.map(\.type).contains("achievementUnlocked")) }
        }
    }

    @Test func questsNeedTheirGoal() throws {
        var play = started()
        #expect(
            play.send(.claimQuestReward(ClaimQuestReward(questId: "swipe-5")))[0].serverError?.message
                == "quest swipe-5 is not complete: 0 of 5 swipes")
        for _ in 0..<5 {
            let candidate = try #require(play.send(.retrievePerson(RetrievePerson()))[0].person)
            play.send(.swipe(Swipe(personId: candidate.id, direction: .left)))
        }
        let claimed = play.send(.claimQuestReward(ClaimQuestReward(questId: "swipe-5")))
        #expect(
            claimed.first
                == .questRewardClaimed(
                    QuestRewardClaimed(
                        questId: "swipe-5", energy: 5, money: 20,
                        diamonds: 2)))
        #expect(play.send(.claimQuestReward(ClaimQuestReward(questId: "swipe-5")))[0].serverError != nil)
    }

    @Test func datingFromSwipeToDating() throws {
        var play = started(seed: 3)
        var match: Person?
        for _ in 0..<20 where match == nil {
            let candidate = try #require(play.send(.retrievePerson(RetrievePerson()))[0].person)
            #expect(candidate.compatibilityScore != nil && candidate.interests.count >= 2)
            let answers = play.send(.swipe(Swipe(personId: candidate.id, direction: .right)))
            let result = try #require(answers.first?.matchResult)
            if result.compatibility > 60 { #expect(result.matched) }
            if result.matched {
                let event = try #require(answers[1].relationshipEvent)
                #expect(event.milestone == "matched" && event.kind == .romantic && event.person?.id == candidate.id)
                match = candidate
            }
        }
        let person = try #require(match)
        let left = play.send(.retrievePerson(RetrievePerson()))[0].person!
        #expect(play.send(.swipe(Swipe(personId: left.id, direction: .left)))[0].matchResult?.matched == false)

        play.send(.validatePurchase(ValidatePurchase(productId: "diamond1", receipt: "receipt-1")))
        play.send(.refillEnergy(RefillEnergy(tier: "medium")))
        let first = play.send(.date(DateRequest(personId: person.id, activity: "dinner")))
        #expect(first.compactMap(\.relationshipEvent).map(\.milestone) == ["first date"])
        #expect(first.compactMap(\.relationshipEvent).first?.affinity == 35)
        let second = play.send(.date(DateRequest(personId: person.id, activity: "dinner")))
        #expect(second.compactMap(\.relationshipEvent).map(\.milestone) == ["dating"])
        #expect(second.compactMap(\.relationshipEvent).first?.status == "dating")
        let third = play.send(.date(DateRequest(personId: person.id, activity: "park")))
        #expect(third.compactMap(\.relationshipEvent).map(\.milestone) == ["date"])
        #expect(play.send(.date(DateRequest(personId: person.id, activity: "opera")))[0].serverError != nil)

        #expect(play.send(.sendGift(SendGift(personId: person.id, itemId: "teddy")))[0].serverError != nil)
        play.send(.purchaseItem(PurchaseItem(itemId: "teddy")))
        let gift = play.send(.sendGift(SendGift(personId: person.id, itemId: "teddy")))
        #expect(gift.first?.relationshipEvent?.milestone == "gift")
        #expect(gift.first?.relationshipEvent?.affinity == 35 + 15 + 6 + 4)
    }

    @Test func conversationsHabitsFocusAndAccount() throws {
        var play = started()
        let player = try #require(play.transcript.first?.message.playerObject)
        let friend = player.relData[2].personId
        let reply = play.send(.sendMessage(SendMessage(personId: friend, text: "Thanks, that was great fun!")))
        guard case .conversationEvent(let event) = try #require(reply.first) else {
            Issue.record("expected a conversationEvent, got \(reply)")
            return
        }
        #expect(event.personId == friend && event.message.sender == friend && (event.message.sentiment ?? 0) > 0)
        #expect(play.send(.sendMessage(SendMessage(personId: "person-99", text: "hi")))[0].serverError != nil)

        let quit = try #require(play.send(.quitHabit(HabitAction(habitId: "doomscrolling")))[0].person)
        #expect(quit.happiness == (player.person.happiness ?? 0) - 5)
        #expect(
            play.send(.stopQuitHabit(HabitAction(habitId: "doomscrolling")))[0].person?.happiness
                == (player.person.happiness ?? 0) - 3)
        #expect(play.send(.quitHabit(HabitAction(habitId: "smoking")))[0].serverError != nil)
        #expect(play.send(.setFocus(SetFocus(focusId: "health")))[0].batchUpdate != nil)
        #expect(play.send(.setFocus(SetFocus(focusId: "juggling")))[0].serverError != nil)

        _ = play.game.tick(milliseconds: 3 * 86_400_000) // three virtual days pass: the deletion date moves
        #expect(play.send(.deleteAccount) == [.accountDeletionScheduled(AccountDeletionScheduled(scheduledFor: "2025-02-03"))])
        guard case .playerStatistics(let stats) = play.send(.requestStatistics)[0] else {
            Issue.record("expected playerStatistics")
            return
        }
        #expect(stats.relationships == 3 && stats.daysPlayed >= 3)
        guard case .dataExportComplete(let export) = play.send(.exportData)[0] else {
            Issue.record("expected dataExportComplete")
            return
        }
        #expect(export.bytes > 1000 && export.url.hasSuffix("/export-1.json"))
    }

    @Test func restartBeginsANewLifeWithFreshIds() throws {
        var play = started()
        let answers = play.send(.restart)
        #expect(answers.map(\.type).first == "playerObject")
        let player = try #require(answers[0].playerObject)
        #expect(player.person.id == "person-5" && player.person.money == 200)
        #expect(play.send(.createCharacter(Playthrough.hero))[0].serverError != nil)
        #expect(
            play.send(.unknown(type: "teleport", raw: []))
                == [.error(ServerError(kind: .serverError, message: "unknown message type teleport"))])
    }
}
