import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct PlayerTests {
    @Test func derivedPersonValues() {
        var player = Player()
        player.person = Person(id: "p", name: "Mei", lastName: "Lin", age: 17, health: 90)
        #expect(player.fullName == "Mei Lin")
        #expect(player.age == 17)
        #expect(player.healthPercentage == 0.9)
        player.person = Person(id: "p", name: "  Cher ", lastName: "", health: 150)
        #expect(player.fullName == "Cher")
        #expect(player.healthPercentage == 1.0)
        #expect(player.age == 0)
        player.person.health = -5
        #expect(player.healthPercentage == 0)
        player.person.health = nil
        #expect(player.healthPercentage == 0)
    }

    @Test func relationshipsAreSplitByKind() {
        var state = Fixtures.loadedState()
        #expect(state.player.romanticRelationships.map(\.id) == ["p1"])
        #expect(state.player.familyRelationships.map(\.id) == ["p2"])
        #expect(state.player.friendRelationships.map(\.id) == ["p3", "p4"])
        // A person without a relationship is in no list; a relationship without a person adds nobody.
        state.player.people.append(Person(id: "p9", name: "Stranger"))
        state.player.relationships.append(Relationship(personId: "ghost", kind: .romantic, status: "crush", affinity: 1))
        #expect(state.player.romanticRelationships.map(\.id) == ["p1"])
        #expect(state.player.friendRelationships.map(\.id) == ["p3", "p4"])
    }

    @Test func activityRecordsAreMatchedById() {
        let player = Fixtures.loadedState().player
        #expect(player.record(for: "a1")?.performance == 72)
        #expect(player.record(for: "a2") == nil)
        #expect(player.record(for: "a0")?.gpa == 3.7)
        #expect(player.activities.map(\.id).contains("a1"))
        #expect(player.activities.map(\.id).contains("a2"))
        #expect(!player.activities.map(\.id).contains("a0"))
    }

    @Test func playerObjectReplacesEverything() {
        var state = Fixtures.loadedState()
        let newcomer = Person(id: "p7", name: "Ida")
        let object = PlayerObject(
            date: "2026-04-01", status: "playing", season: "spring", hourOfDay: 8,
            minuteOfHour: 0, gameSpeed: 500, person: Fixtures.me, r: [newcomer])
        var expected = state
        expected.gameState.gameDate = "2026-04-01"
        expected.gameState.hourOfDay = 8
        expected.gameState.minuteOfHour = 0
        expected.gameState.gameSpeed = 500
        expected.player = Player()
        expected.player.person = Fixtures.me
        expected.player.status = "playing"
        expected.player.people = [newcomer]
        _ = state.apply(.playerObject(object), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func playerObjectKeepsTheLocationSentByUpdates() {
        var state = Fixtures.loadedState()
        _ = state.apply(.update(PartialUpdate(location: "school")), at: Fixtures.t1)
        _ = state.apply(.playerObject(Fixtures.playerObject), at: Fixtures.t1)
        #expect(state.player.location == "school")
    }

    @Test func personObjectMergesOnlyThePresentFieldsOfAKnownPerson() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.people[0].age = 19
        expected.player.people[0].mood = "nervous"
        expected.player.people[0].interests = ["chess"]
        _ = state.apply(
            .personObject(Person(id: "p1", name: "", age: 19, mood: "nervous", interests: ["chess"])),
            at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.player.people[0].lastName == "Kim")
        #expect(state.player.people[0].affinity == 60)
    }

    @Test func personObjectAppendsAnUnknownPerson() {
        var state = Fixtures.loadedState()
        let stranger = Person(id: "p8", name: "Noor", lastName: "Haddad", age: 20)
        var expected = state
        expected.player.people.append(stranger)
        _ = state.apply(.personObject(stranger), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func personObjectUpdatesThePlayersOwnPerson() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.person.name = "May"
        expected.player.person.bio = "Loves jazz"
        _ = state.apply(.personObject(Person(id: "p0", name: "May", bio: "Loves jazz")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.player.fullName == "May Lin")
    }

    @Test func relationshipEventUpdatesAKnownRelationship() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.relationships[0].status = "engaged"
        expected.player.relationships[0].affinity = 90
        expected.player.relationships[0].milestones.append("engaged")
        let event = RelationshipEvent(
            personId: "p1", milestone: "engaged", kind: .romantic, status: "engaged",
            affinity: 90, text: "Alex said yes!")
        let effects = state.apply(.relationshipEvent(event), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(effects == [.showRelationshipMilestone(personId: "p1", milestone: "engaged")])
    }

    @Test func relationshipEventCanChangeTheKind() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.relationships[2].kind = .romantic
        expected.player.relationships[2].status = "dating"
        expected.player.relationships[2].affinity = 82
        expected.player.relationships[2].milestones = ["first date"]
        let event = RelationshipEvent(
            personId: "p3", milestone: "first date", kind: .romantic, status: "dating",
            affinity: 82, text: "Coffee with Sam")
        _ = state.apply(.relationshipEvent(event), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.player.romanticRelationships.map(\.id) == ["p1", "p3"])
        #expect(state.player.friendRelationships.map(\.id) == ["p4"])
    }

    @Test func relationshipEventWithANewPersonAddsBoth() {
        var state = Fixtures.loadedState()
        let match = Person(id: "p9", name: "Rio", lastName: "Sato", age: 18)
        var expected = state
        expected.player.people.append(match)
        expected.player.relationships.append(
            Relationship(
                personId: "p9", kind: .romantic, status: "match",
                affinity: 10, milestones: ["met"]))
        let event = RelationshipEvent(
            personId: "p9", milestone: "met", kind: .romantic, status: "match",
            affinity: 10, text: "New match", person: match)
        _ = state.apply(.relationshipEvent(event), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func conversationEventAppendsToItsConversation() {
        var state = Fixtures.loadedState()
        let line = ConversationMessage(id: "m2", sender: "player", text: "Hey you")
        var expected = state
        expected.player.conversations[0].messages.append(line)
        _ = state.apply(
            .conversationEvent(ConversationEvent(conversationId: "c1", personId: "p1", message: line)),
            at: Fixtures.t1)
        expectState(state, equals: expected)
        // The same line again is a resend.
        _ = state.apply(
            .conversationEvent(ConversationEvent(conversationId: "c1", personId: "p1", message: line)),
            at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func conversationEventCreatesANewConversation() {
        var state = Fixtures.loadedState()
        let line = ConversationMessage(id: "m1", sender: "p3", text: "Study later?", sentiment: 0.2)
        var expected = state
        expected.player.conversations.append(Conversation(id: "c2", personId: "p3", messages: [line]))
        _ = state.apply(
            .conversationEvent(ConversationEvent(conversationId: "c2", personId: "p3", message: line)),
            at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func quitHabitStartsQuittingAtZeroDays() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.habits[0].status = .quitting
        expected.player.habits[0].quitDays = 0
        _ = state.apply(.quitHabit(HabitAction(habitId: "h1")), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func quitHabitOnAQuittingOrUnknownHabitChangesNothing() {
        var state = Fixtures.loadedState()
        let expected = state
        _ = state.apply(.quitHabit(HabitAction(habitId: "h2")), at: Fixtures.t1)
        _ = state.apply(.quitHabit(HabitAction(habitId: "nope")), at: Fixtures.t1)
        _ = state.apply(.stopQuitHabit(HabitAction(habitId: "nope")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.player.habits[1].quitDays == 12)
    }

    @Test func stopQuitHabitMakesItActiveWithNoProgress() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.habits[1].status = .active
        expected.player.habits[1].quitDays = 0
        _ = state.apply(.stopQuitHabit(HabitAction(habitId: "h2")), at: Fixtures.t1)
        expectState(state, equals: expected)
    }

    @Test func setFocusSelectsExactlyOne() {
        var state = Fixtures.loadedState()
        var expected = state
        expected.player.focuses[0].selected = false
        expected.player.focuses[2].selected = true
        _ = state.apply(.setFocus(SetFocus(focusId: "health")), at: Fixtures.t1)
        expectState(state, equals: expected)
        #expect(state.player.selectedFocus?.id == "health")
    }

    @Test func setFocusWithAnUnknownIdChangesNothing() {
        var state = Fixtures.loadedState()
        let expected = state
        _ = state.apply(.setFocus(SetFocus(focusId: "party")), at: Fixtures.t1)
        expectState(state, equals: expected)
    }
}
