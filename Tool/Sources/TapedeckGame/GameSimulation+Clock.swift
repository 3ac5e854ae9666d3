import TapedeckCore
import TapedeckProtocol

/// The game clock: hourly energy and activities, daily growth and seasons, random events.
extension GameSimulation {
    /// Moves the game clock forward, running every whole game hour crossed. Events go to `messages`,
    /// or, during a time skip (`skipLog` set), are applied at once and listed in the log.
    /// Returns how many hour boundaries were crossed.
    @discardableResult
    mutating func advance(minutes: Int, into messages: inout [ServerMessage], skipLog: inout TimeSkipLog?) -> Int {
        let target = world.gameMinutes + minutes
        var nextHour = (world.gameMinutes / 60 + 1) * 60
        var crossed = 0
        while nextHour <= target {
            world.gameMinutes = nextHour
            runHour(into: &messages, skipLog: &skipLog)
            crossed += 1
            nextHour += 60
        }
        world.gameMinutes = target
        return crossed
    }

    private mutating func runHour(into messages: inout [ServerMessage], skipLog: inout TimeSkipLog?) {
        let hour = world.hourOfDay
        if hour == 0 {
            runDay(into: &messages, skipLog: &skipLog)
        }
        regenerate(hour: hour)
        runSchedule(hour: hour)
        guard (8...22).contains(hour) else { return }
        if rng.chance(GameRules.lifeEventPercent) {
            let template = rng.pick(LifeEventTemplate.all)
            let event = lifeEvent(from: template)
            world.statistics.eventsReceived += 1
            if var log = skipLog {
                apply(event, includingRewards: true)
                world.claimedEvents.insert(event.id)
                log.events.append(event.message)
                skipLog = log
            } else {
                if template.isReward {
                    world.openEvents[event.id] = GameWorld.IssuedEvent(event: event, issuedAt: world.gameMinutes)
                } else {
                    // Losses happen at once; the client still claims them to acknowledge.
                    apply(event, includingRewards: false)
                    world.openEvents[event.id] = GameWorld.IssuedEvent(event: event, issuedAt: world.gameMinutes)
                }
                messages.append(.messageEvent(event))
            }
        } else if skipLog == nil, world.pendingQuestions.count < GameRules.maxPendingQuestions,
            rng.chance(GameRules.questionPercent)
        {
            messages.append(.questionEvent(question(from: rng.pick(QuestionTemplate.all))))
        }
    }

    private mutating func runDay(into messages: inout [ServerMessage], skipLog: inout TimeSkipLog?) {
        let today = world.calendarDate
        let yesterday = CivilDate(daysSince1970: today.daysSince1970 - 1)
        if let birthday = world.player.birthday, birthday.hasSuffix(String(today.iso.dropFirst(4))) {
            world.player.age = (world.player.age ?? GameRules.startAge) + 1
        }
        for index in world.habits.indices where world.habits[index].status == .quitting {
            world.habits[index].quitDays = min(Habit.quitDaysRange.upperBound, world.habits[index].quitDays + 1)
        }
        if let focus = world.focuses.first(where: { $0.selected }),
            let stat = StoreCatalog.focuses.first(where: { $0.id == focus.id })?.stat
        {
            train(stat)
        }
        if today.season != yesterday.season {
            let text = "It is \(today.season) now."
            if var log = skipLog {
                log.events.append(text)
                skipLog = log
            } else {
                let event = LifeEvent(id: ids.next("event"), message: text, type: "season", date: today.iso, hour: 0)
                world.statistics.eventsReceived += 1
                world.openEvents[event.id] = GameWorld.IssuedEvent(event: event, issuedAt: world.gameMinutes)
                messages.append(.messageEvent(event))
            }
        }
    }

    private mutating func train(_ stat: String) {
        func raise(_ value: Int?) -> Int { min(100, (value ?? 50) + 1) }
        switch stat {
        case "intelligence": world.player.intelligence = raise(world.player.intelligence)
        case "prestige": world.player.prestige = raise(world.player.prestige)
        case "happiness": world.player.happiness = raise(world.player.happiness)
        default: world.player.health = raise(world.player.health)
        }
    }

    private mutating func regenerate(hour: Int) {
        if world.isUnlimited {
            world.energy = max(world.energy, GameRules.energyCap)
            return
        }
        guard world.energy < GameRules.energyCap else { return }
        let gain = (hour >= 22 || hour < 7) ? GameRules.sleepRegeneration : GameRules.awakeRegeneration
        world.energy = min(GameRules.energyCap, world.energy + gain)
    }

    /// Weekdays: school 08–15, the club 15–16, the job 16–20. An hour the player cannot pay for is skipped.
    private mutating func runSchedule(hour: Int) {
        guard world.calendarDate.weekday < 5 else { return }
        let kind: Activity.Kind
        switch hour {
        case 8..<15: kind = .highSchool
        case 15: kind = .extracurricular
        case 16..<20: kind = .occupation
        default: return
        }
        guard let activity = world.activities.first(where: { $0.kind == kind }) else { return }
        let energy = activity.energyCost ?? 0
        let money = activity.moneyCost ?? 0
        guard canAfford(energy: energy, money: money, diamonds: 0) else { return }
        pay(energy: energy, money: money, diamonds: 0)
        if kind == .occupation, let job = StoreCatalog.occupations.first(where: { $0.id == activity.id }) {
            world.money += job.salary
        }
    }
}
