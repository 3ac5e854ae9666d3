import BaoLifeAfter
import BaoLifeBefore
import Foundation
import TapedeckTesting
import Testing

/// The two versions of the client layer, each reading its own socket: a `ReplaySocket` of the
/// test's own, served the events by hand.
enum Version: String, CaseIterable, CustomTestStringConvertible {
    case before, after
    var testDescription: String { rawValue }

    @MainActor func play(_ events: [SocketEvent]) async -> (snapshot: AppSnapshot, sent: [String]) {
        let socket = ReplaySocket()
        let clock = TestClock()
        switch self {
        case .before: return await Self.play(BeforeAdapter(makeTask: { _ in socket }, now: { clock.now }), events, socket, clock)
        case .after: return await Self.play(AfterAdapter(makeTask: { _ in socket }, now: { clock.now }), events, socket, clock)
        }
    }

    /// Event `index` happens `index` seconds into the session.
    @MainActor static func play<A: AppSocketAdapter>(
        _ adapter: A, _ events: [SocketEvent], _ socket: ReplaySocket, _ clock: TestClock
    ) async -> (snapshot: AppSnapshot, sent: [String]) where A.Snapshot == AppSnapshot {
        for (index, event) in events.enumerated() {
            clock.now = Date(timeIntervalSince1970: Double(index))
            switch event {
            case .opened:
                adapter.connect()
                await Settling.mainQueue(rounds: 1)
            case .received(let message): await socket.serve(.string(message.text ?? ""))
            case .sent(let message):
                _ = adapter.performUserAction(for: message)
                await Settling.mainQueue(rounds: 1)
            case .closed(let code, let reason): await socket.serveClose(code: code, reason: reason)
            case .failed(let reason): await socket.serveFailure(reason)
            }
            #expect(adapter.checkInvariants() == [], "after event \(index)")
        }
        let sent = socket.sentMessages.compactMap { message -> String? in
            if case .string(let text) = message { return text }
            return nil
        }
        return (adapter.snapshot(), sent)
    }
}

/// The test's clock: claim timestamps come from it.
@MainActor
final class TestClock {
    var now = Date(timeIntervalSince1970: 0)
}

/// The client rules of docs/STATE-MACHINES.md on hand-written messages, for both versions through
/// their adapters (the same path a tape takes).
@MainActor
@Suite struct ClientLayerTests {
    static func server(_ json: String) -> SocketEvent { .received(SocketMessage(isText: true, bytes: Array(json.utf8))) }
    static func client(_ json: String) -> SocketEvent { .sent(SocketMessage(isText: true, bytes: Array(json.utf8))) }

    static let player = server(
        #"""
        {"type":"playerObject","message":{"date":"2025-06-01","status":"playing","season":"summer","hourOfDay":9,
         "minuteOfHour":5,"gameSpeed":50,"person":{"id":"p1","name":"Alex","lastName":"Rivera","age":24,"energy":80,
         "money":1250,"diamonds":12,"health":90},"r":[{"id":"p2","name":"Sam"}],
         "relData":[{"personId":"p2","kind":"romantic","status":"dating","affinity":64}]}}
        """#)

    static func lifeEvent(_ id: String, money: Int, energy: Int = 0, message: String = "You found cash.") -> SocketEvent {
        server(
            #"{"type":"messageEvent","message":{"id":"\#(id)","message":"\#(message)","date":"2025-06-01","hour":9,"#
                + #""energyCost":\#(energy),"moneyCost":\#(money)}}"#)
    }

    @Test(arguments: Version.allCases)
    func thePlayerObjectSetsTheClockResourcesAndPeople(version: Version) async {
        let (snapshot, _) = await version.play([.opened, Self.player])
        #expect(
            snapshot.gameState
                == .init(
                    energy: 80, money: 1250, diamonds: 12, date: "2025-06-01", time: "9:05 AM",
                    season: "summer", speed: 50))
        #expect(snapshot.player.name == "Alex Rivera")
        #expect(snapshot.people == [.init(id: "p2", name: "Sam", relationship: "romantic: dating")])
    }

    @Test(arguments: Version.allCases)
    func aLossIsClaimedAndSentByTheAppItself(version: Version) async {
        let (snapshot, sent) = await version.play([.opened, Self.player, Self.lifeEvent("e1", money: -100)])
        #expect(snapshot.lifeEvents.map(\.claimed) == [true])
        #expect(snapshot.lifeEvents.first?.category == "negative")
        #expect(snapshot.gameState.money == 1150)
        #expect(snapshot.unclaimedEventCount == 0)
        #expect(sent.count == 1 && sent[0].contains("claimEvent") && sent[0].contains("e1"), "\(sent)")
    }

    @Test(arguments: Version.allCases)
    func aRewardWaitsForTheTapAndARefusedClaimRollsBack(version: Version) async {
        let claim = Self.client(#"{"type":"claimEvent","message":{"eventId":"e2","timestamp":"2025-06-01T09:00:00Z"}}"#)
        let waiting = await version.play([.opened, Self.player, Self.lifeEvent("e2", money: 50)])
        #expect(waiting.snapshot.unclaimedEventCount == 1)
        #expect(waiting.snapshot.lifeEvents.first?.category == "finance")
        #expect(waiting.sent.isEmpty)

        let claimed = await version.play([.opened, Self.player, Self.lifeEvent("e2", money: 50), claim])
        #expect(claimed.snapshot.unclaimedEventCount == 0)
        #expect(claimed.snapshot.gameState.money == 1300)
        #expect(claimed.sent.count == 1)

        let refused = Self.server(#"{"type":"claimResult","message":{"eventId":"e2","accepted":false,"reason":"unknownEvent"}}"#)
        let rolledBack = await version.play([.opened, Self.player, Self.lifeEvent("e2", money: 50), claim, refused])
        #expect(rolledBack.snapshot.unclaimedEventCount == 1)
        #expect(rolledBack.snapshot.lifeEvents.map(\.claimed) == [false])
        #expect(rolledBack.snapshot.gameState.money == 1250)

        // Accepted, then a second claim refused as a duplicate: the first claim stands.
        let accepted = Self.server(#"{"type":"claimResult","message":{"eventId":"e2","accepted":true}}"#)
        let duplicate = Self.server(
            #"{"type":"claimResult","message":{"eventId":"e2","accepted":false,"reason":"alreadyClaimed"}}"#)
        let kept = await version.play([.opened, Self.player, Self.lifeEvent("e2", money: 50), claim, accepted, claim, duplicate])
        #expect(kept.snapshot.lifeEvents.map(\.claimed) == [true])
        #expect(kept.snapshot.gameState.money == 1300)
    }

    @Test(arguments: Version.allCases)
    func theTimelineKeepsTheFiftyNewestAndIgnoresResends(version: Version) async {
        var events: [SocketEvent] = [.opened, Self.player]
        for number in 1...55 { events.append(Self.lifeEvent("e\(number)", money: 1, message: "You won a prize")) }
        events.append(Self.lifeEvent("e55", money: 1))
        let (snapshot, _) = await version.play(events)
        #expect(snapshot.lifeEvents.count == 50)
        #expect(snapshot.lifeEvents.first?.id == "e55")
        #expect(snapshot.lifeEvents.last?.id == "e6")
        #expect(snapshot.lifeEvents.first?.category == "achievement")
        #expect(snapshot.unclaimedEventCount == 50)
    }

    @Test(arguments: Version.allCases)
    func answeringTakesTheQuestionOffTheQueueAndSpendsItsCosts(version: Version) async {
        func question(_ id: String) -> SocketEvent {
            Self.server(
                #"{"type":"questionEvent","message":{"id":"\#(id)","question":"Move in?","options":["#
                    + #"{"id":"o1","text":"Yes","energyCost":10,"moneyCost":500},{"id":"o2","text":"No"}]}}"#)
        }
        let answer = Self.client(#"{"type":"answerQuestion","message":{"questionId":"q1","optionId":"o1"}}"#)
        let (snapshot, sent) = await version.play([.opened, Self.player, question("q1"), question("q2"), question("q1"), answer])
        #expect(snapshot.questions == .init(current: "q2", queue: ["q2"]))
        #expect(snapshot.gameState.energy == 70)
        #expect(snapshot.gameState.money == 750)
        #expect(sent.count == 1 && sent[0].contains("answerQuestion"))
    }

    @Test(arguments: Version.allCases)
    func updatesChangeOnlyWhatTheyCarry(version: Version) async {
        let (snapshot, _) = await version.play([
            .opened, Self.player,
            Self.server(
                #"{"type":"u","message":{"energy":78,"hourOfDay":14,"minuteOfHour":30,"mood":"happy","location":"park"}}"#),
            Self.server(
                #"{"type":"batch_update","message":{"season":"autumn","gameSpeed":1000,"status":"paused","prestige":36}}"#),
            Self.server(#"{"type":"personObject","message":{"id":"p3","name":"Jordan"}}"#),
            Self.server(#"{"type":"personObject","message":{"id":"p1","name":"Alex","money":99}}"#),
            Self.client(#"{"type":"speed","message":{"speed":10000}}"#),
        ])
        #expect(
            snapshot.gameState
                == .init(
                    energy: 78, money: 99, diamonds: 12, date: "2025-06-01", time: "2:30 PM",
                    season: "autumn", speed: 10000))
        #expect(
            snapshot.player
                == .init(
                    name: "Alex Rivera", age: 24, health: 90, prestige: 36, mood: "happy",
                    status: "paused", location: "park"))
        #expect(snapshot.people.map(\.id) == ["p2", "p3"])
    }

    // MARK: The two parsers (what a decode benchmark runs)

    static let wallet = Array(
        #"{"type":"messageEvent","message":{"id":"e42","message":"You found a wallet.","type":"finance","date":"2025-06-01","hour":14,"energyCost":-5,"moneyCost":120,"characters":[{"id":"p2","name":"Sam"}]}}"#
            .utf8)

    @Test func theBeforeParserReadsDictionaries() throws {
        let parsed = try BeforeMessageParser.parse(Self.wallet)
        #expect(parsed.type == "messageEvent")
        #expect(parsed.message["moneyCost"] as? Int == 120)
        #expect(throws: (any Error).self) { try BeforeMessageParser.parse(Array("{\"type\":".utf8)) }
    }

    @Test func theAfterParserDecodesModels() throws {
        guard case .messageEvent(let event) = try AfterMessageParser.parse(Self.wallet) else {
            Issue.record("not a messageEvent")
            return
        }
        #expect(event.id == "e42" && event.moneyCost == 120 && event.energyCost == -5)
        #expect(event.characters?.map(\.name) == ["Sam"])
        #expect(throws: (any Error).self) { try AfterMessageParser.parse(Array(#"{"type":"messageEvent","message":{}}"#.utf8)) }
    }
}
