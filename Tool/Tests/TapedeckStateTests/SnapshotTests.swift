import TapedeckProtocol
import Testing

@testable import TapedeckState

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite(.serialized) struct SnapshotTests {
    /// A state that touches every part of the snapshot.
    static func richState() -> ClientState {
        var state = Fixtures.loadedState(configuration: .init(sessionEpochMilliseconds: 1_767_225_600_000))
        _ = state.apply(.questionEvent(Fixtures.question("q1")), at: Fixtures.t1)
        _ = state.apply(.questionEvent(Fixtures.question("q2")), at: Fixtures.t1)
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e1", "You won a prize", diamonds: 3)), at: Fixtures.t1)
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e2", "You broke your phone", money: -30)), at: Fixtures.t1)
        _ = state.apply(.messageEvent(Fixtures.lifeEvent("e3", "Lunch with \"Sam\"\n😀", affinity: 2)), at: Fixtures.t1)
        _ = state.apply(.update(PartialUpdate(location: "café", mood: "happy")), at: Fixtures.t1)
        _ = state.apply(.error(ServerError(kind: .rateLimited, message: "Slow down")), at: Fixtures.t1)
        return state
    }

    @Test func statePathsReachTheDerivedValues() throws {
        let snapshot = Self.richState().snapshot()
        #expect(snapshot.value(at: "gameState.energy") == .int(80))
        #expect(snapshot.value(at: "gameState.money") == .int(90))
        #expect(snapshot.value(at: "gameState.formattedTime") == .string("9:30 AM"))
        #expect(snapshot.value(at: "gameState.timeOfDay") == .string("Morning"))
        #expect(snapshot.value(at: "gameState.writers.money") == .string("client"))
        #expect(snapshot.value(at: "player.fullName") == .string("Mei Lin"))
        #expect(snapshot.value(at: "player.healthPercentage") == .double(0.9))
        #expect(snapshot.value(at: "player.relationships.romantic[0].name") == .string("Alex"))
        #expect(snapshot.value(at: "player.relationships.romantic[0].relationship.status") == .string("dating"))
        #expect(snapshot.value(at: "player.relationships.friends[1].id") == .string("p4"))
        #expect(snapshot.value(at: "player.activities[0].record.performance") == .int(72))
        #expect(snapshot.value(at: "player.activities[1].record") == .null)
        #expect(snapshot.value(at: "player.selectedFocus") == .string("study"))
        #expect(snapshot.value(at: "player.location") == .string("café"))
        #expect(snapshot.value(at: "questions.current") == .string("q1"))
        #expect(snapshot.value(at: "questions.count") == .int(2))
        #expect(snapshot.value(at: "claimable.unclaimedCount") == .int(2))
        #expect(snapshot.value(at: "claimable.events[1].category") == .string("negative"))
        #expect(snapshot.value(at: "claimable.events[1].claimedAt") == .string("2026-01-01T00:00:02.500Z"))
        #expect(snapshot.value(at: "claimable.events[2].category") == .string("achievement"))
        #expect(snapshot.value(at: "connection.status") == .string("connected"))
        #expect(snapshot.value(at: "connection.error.kind") == .string("rateLimited"))
    }

    @Test func gameStateSnapshotIsExact() {
        let text = Fixtures.loadedState().snapshot().value(at: "gameState")!.canonicalJSONString()
        #expect(
            text == """
                {
                  "diamonds": 5,
                  "energy": 80,
                  "formattedTime": "9:30 AM",
                  "gameDate": "2026-03-14",
                  "gameSpeed": 1000,
                  "hourOfDay": 9,
                  "minuteOfHour": 30,
                  "money": 120,
                  "season": "spring",
                  "seasonEmoji": "🌸",
                  "timeOfDay": "Morning",
                  "writers": {
                    "diamonds": "server",
                    "energy": "server",
                    "money": "server"
                  }
                }

                """)
    }

    @Test func snapshotBytesAreTheSameOnEveryRun() {
        let first = Self.richState().snapshot().canonicalJSON()
        let second = Self.richState().snapshot().canonicalJSON()
        #expect(first == second)
        #expect(Self.richState().digest() == Self.richState().digest())
        #expect(Self.richState().digest() != Fixtures.loadedState().digest())
    }

    @Test func digestOfTheDefaultStateIsFixed() {
        // sha256 of the default state's canonical snapshot (recompute with `sha256sum` if the layout changes on purpose).
        let digest = ClientState().digest()
        #expect(digest.count == 64)
        #expect(digest == Self.defaultStateDigest)
    }

    static let defaultStateDigest = "41fe67a802cf9eb801e10aec897a98139745118d11ccd687f991d057c2cc6bf6"

    @Test func snapshotBytesDoNotDependOnTimeZoneOrLocale() {
        let before = Self.richState().snapshot().canonicalJSON()
        let digestBefore = Self.richState().digest()
        let savedTZ = getenv("TZ").map { String(cString: $0) }
        let savedLCAll = getenv("LC_ALL").map { String(cString: $0) }
        let savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "C"
        defer {
            if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
            tzset()
            if let savedLCAll { setenv("LC_ALL", savedLCAll, 1) } else { unsetenv("LC_ALL") }
            setlocale(LC_ALL, savedLocale)
        }
        setenv("TZ", "Asia/Kolkata", 1)
        tzset()
        // The first locale this machine has; the C locale everywhere else still changes the time zone.
        for name in ["tr_TR.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "C.UTF-8"] {
            setenv("LC_ALL", name, 1)
            if setlocale(LC_ALL, name) != nil { break }
        }
        let after = Self.richState().snapshot().canonicalJSON()
        #expect(after == before)
        #expect(Self.richState().digest() == digestBefore)
    }
}
