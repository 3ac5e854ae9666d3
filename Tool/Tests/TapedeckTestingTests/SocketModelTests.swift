import Foundation
import TapedeckChecks
import TapedeckTestFixtures
import TapedeckTesting
import Testing

/// Keeps every socket event it is handed, as an app's WebSocket service would see them.
struct SocketEventLog: SocketModel {
    var events: [SocketEvent] = []

    struct Snapshot: Encodable {
        var received: Int
        var sent: Int
        var lastReceived: String?
    }

    mutating func handle(_ event: SocketEvent, at time: VirtualTime) { events.append(event) }

    func snapshot() -> Snapshot {
        var received: [SocketMessage] = []
        var sent = 0
        for event in events {
            if case .received(let message) = event { received.append(message) }
            if case .sent = event { sent += 1 }
        }
        return Snapshot(received: received.count, sent: sent, lastReceived: received.last?.text)
    }
}

/// A class-based model counting how many were made, to show that failure reports use the factory.
final class EnergyWatcher: SocketModel {
    nonisolated(unsafe) static var made = 0
    var energy = 100

    init() { Self.made += 1 }

    func handle(_ event: SocketEvent, at time: VirtualTime) {
        guard case .received(let message) = event,
            let object = try? JSONSerialization.jsonObject(with: message.data) as? [String: Any],
            let body = object["message"] as? [String: Any], let energy = body["energy"] as? Int
        else { return }
        self.energy = energy
    }

    func snapshot() -> [String: Int] { ["energy": energy] }

    func checkInvariants() -> [InvariantViolation] {
        energy < 90 ? [InvariantViolation(name: "energy.atLeast90", message: "energy is \(energy)")] : []
    }
}

@Suite(.serialized) struct SocketModelTests {
    @Test func aRawModelGetsTheExactBytesOfAMessageTheTypedDecoderRejects() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "decode-error")
        let result = try TapeReplay(tapes: [tape], model: SocketEventLog()).run()
        let rejected = Array(#"{"type":"u","message":{"energy":"lots","hourOfDay":8}}"#.utf8)
        // Records 0..21: open, two markers, 11 s2c and 5 c2s messages, ping, pong, close.
        #expect(result.model.events.count == 1 + 16 + 1)
        #expect(result.model.events.contains(.received(SocketMessage(isText: true, bytes: rejected))))
        #expect(result.model.events.first == .opened)
        #expect(result.model.events.last == .closed(code: 1000, reason: "app backgrounded"))
        let failure = try #require(result.statistics.decodeFailures.first)
        #expect(failure.position.record == 5 && failure.reachedModel)

        // The typed model never got it, so its check fails on the tape; the raw model's passes.
        let raw = TapeCheck.run(tape: tape, model: SocketEventLog(), mode: .missing)
        let tapeCase = try #require(raw.cases.last)
        #expect(tapeCase.passed)
        #expect(tapeCase.message == "22 records, all decoded or handed to the model as bytes (1 that Tapedeck's decoder rejects)")
        let typed = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        #expect(typed.cases.last?.passed == false)
        #expect(typed.cases.last?.message.contains("record 5 (t=2.097s): s2c message does not decode: message.energy") == true)
    }

    @Test func aClassModelComesFromItsFactoryAndTheStateBeforeABrokenRuleFromAFreshOne() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        EnergyWatcher.made = 0
        let result = try TapeReplay(tapes: [tape], makeModel: { EnergyWatcher() }).run()
        guard case .invariant(let stop)? = result.stop else {
            Issue.record("expected the energy rule to stop the replay")
            return
        }
        // Record 13 sets energy to 88; the state before comes from a second, fresh model.
        #expect(stop.position.record == 13)
        #expect(stop.names == ["energy.atLeast90"])
        #expect(stop.before == .object(["energy": .int(98)]))
        #expect(stop.after == .object(["energy": .int(88)]))
        #expect(EnergyWatcher.made == 2)
    }

    @Test func goldensGoInTheFolderTheCallerNamesAndIgnoredPathsAreLeftOut() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let goldens = fixtures.directory + "/AppGoldens"
        let options = CheckOptions(record: .missing, goldens: goldens, filter: try SnapshotFilter(ignoring: ["lastReceived"]))
        let first = TapeTesting.check(tape: tape, options: options) { SocketEventLog() }
        #expect(first.recordedGoldens.count == 6)
        #expect(first.recordedGoldens.allSatisfy { $0.hasPrefix(goldens + "/session/") })
        #expect(!fixtures.exists("session.golden"))
        let golden = try #require(fixtures.read("AppGoldens/session/claimed.json"))
        #expect(golden == "{\n  \"received\": 6,\n  \"sent\": 2\n}\n")

        var strict = options
        strict.record = .none
        #expect(TapeTesting.check(tape: tape, options: strict) { SocketEventLog() }.passed)
        // Without the pattern the stored goldens lack lastReceived, and the diff names it.
        strict.filter = .none
        let report = TapeTesting.check(tape: tape, options: strict) { SocketEventLog() }
        #expect(!report.passed)
        #expect(report.failures.first?.message.contains("Changed: lastReceived") == true)
    }
}
