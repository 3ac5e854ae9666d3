import Dispatch
import Foundation
import TapedeckChecks
import TapedeckTestFixtures
import TapedeckTesting
import Testing

/// A miniature of an app's client layer: a service that parses each message with JSONSerialization
/// and publishes on the main queue a hop later, and a view model that applies it in a `Task`.
@MainActor
final class HoppingService {
    var onUpdate: (([String: Any]) -> Void)?

    func receive(_ data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["type"] as? String == "u", let body = object["message"] as? [String: Any]
        else { return }
        DispatchQueue.main.async { self.onUpdate?(body) }
    }
}

@MainActor
final class HoppingViewModel {
    var energy = 100
    var money = 0
    let ignoresEnergy: Bool

    init(service: HoppingService, ignoresEnergy: Bool) {
        self.ignoresEnergy = ignoresEnergy
        service.onUpdate = { [weak self] body in
            Task { @MainActor in self?.apply(body) }
        }
    }

    func apply(_ body: [String: Any]) {
        if !ignoresEnergy, let energy = body["energy"] as? Int { self.energy = energy }
        if let money = body["money"] as? Int { self.money = money }
    }
}

@MainActor
final class HoppingAdapter: AppClientAdapter {
    static var made = 0
    let service = HoppingService()
    let viewModel: HoppingViewModel
    let settles: Bool
    let minimumEnergy: Int

    init(ignoresEnergy: Bool = false, settles: Bool = true, minimumEnergy: Int = 0) {
        viewModel = HoppingViewModel(service: service, ignoresEnergy: ignoresEnergy)
        self.settles = settles
        self.minimumEnergy = minimumEnergy
        Self.made += 1
    }

    struct Snapshot: Encodable {
        var energy: Int
        var money: Int
    }

    func handle(_ event: SocketEvent, at time: VirtualTime) {
        if case .received(let message) = event { service.receive(message.data) }
    }

    func settle() async {
        if settles { await Settling.mainQueue() }
    }

    func snapshot() -> Snapshot { Snapshot(energy: viewModel.energy, money: viewModel.money) }

    func checkInvariants() -> [InvariantViolation] {
        viewModel.energy < minimumEnergy
            ? [InvariantViolation(name: "energy.minimum", message: "energy is \(viewModel.energy)")] : []
    }
}

@MainActor @Suite(.serialized) struct AppReplayTests {
    @Test func anAppsMainActorCodeIsCheckedAgainstItsOwnGoldensAfterItSettles() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let goldens = fixtures.directory + "/Goldens"
        let recording = AppReplay(goldens: goldens) { HoppingAdapter() }
        let first = await recording.check(tape: tape)
        #expect(
            first.recordedGoldens.map { String($0.dropFirst(goldens.count)) }
                == [
                    "/session/character-created.json", "/session/r5.json", "/session/t3.json", "/session/claimed.json",
                    "/session/after-swipe.json", "/session/end.json",
                ])
        #expect(fixtures.read("Goldens/session/claimed.json") == "{\n  \"energy\": 98,\n  \"money\": 555\n}\n")
        #expect(fixtures.read("Goldens/session/end.json") == "{\n  \"energy\": 88,\n  \"money\": 55\n}\n")
        try await AppReplay(goldens: goldens, record: .none) { HoppingAdapter() }.assertCheckpoints(tape: tape)

        // Without settling, no hop lands before the snapshots are taken: every update is missed.
        do {
            try await AppReplay(goldens: goldens, record: .none) { HoppingAdapter(settles: false) }.assertCheckpoints(tape: tape)
            Issue.record("an adapter that does not settle should lag behind its goldens")
        } catch {
            #expect(error.failures.map(\.name) == ["claimed", "r5", "t3", "after-swipe", "end"])
            #expect(error.description.contains("Changed: energy, money"))
        }
    }

    /// Inside an app's test target the fix is an environment variable, not the command line's flag.
    @Test func aMissingGoldenNamesTheTestCommandThatWritesIt() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let report = await AppReplay(goldens: fixtures.directory + "/Goldens", record: .none) { HoppingAdapter() }.check(
            tape: tape)
        let missing = try #require(report.failures.first)
        #expect(missing.message.hasSuffix("Run `TAPEDECK_RECORD=missing swift test` and commit the golden"), "\(missing.message)")
        #expect(!missing.message.contains("--record"))
    }

    @Test func aRegressionNamesTheCheckpointTheRecordAndThePath() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let goldens = fixtures.directory + "/Goldens"
        _ = await AppReplay(goldens: goldens) { HoppingAdapter() }.check(tape: tape)
        do {
            try await AppReplay(goldens: goldens, record: .none) { HoppingAdapter(ignoresEnergy: true) }.assertCheckpoints(
                tape: tape)
            Issue.record("the regression should fail")
        } catch {
            #expect(error.failures.map(\.name) == ["claimed", "r5", "t3", "after-swipe", "end"])
            let claimed = try #require(error.failures.first).message
            #expect(
                claimed.hasPrefix(
                    "checkpoint claimed (marker \"claimed\") differs from its golden, after record 10 (t=6.000s), marker \"claimed\""
                ))
            #expect(claimed.hasSuffix("Changed: energy\n− energy: 98\n+ energy: 100\n  money: 555"))
        }
        // Ignoring the path makes the same regression invisible, in goldens and diffs alike.
        try await AppReplay(goldens: goldens, ignoring: ["energy"], record: .none) { HoppingAdapter(ignoresEnergy: true) }
            .assertCheckpoints(tape: tape)
        let bad = await AppReplay(goldens: goldens, ignoring: ["energy["], record: .none) { HoppingAdapter() }.check(tape: tape)
        #expect(bad.unreadable)
        #expect(bad.failures.last?.message.contains("ignore pattern \"energy[\", column 7") == true)
    }

    @Test func theStateBeforeABrokenRuleComesFromAFreshAdapter() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        HoppingAdapter.made = 0
        let report = await AppReplay(goldens: fixtures.directory + "/Goldens") { HoppingAdapter(minimumEnergy: 90) }.check(
            tape: tape)
        let invariants = try #require(report.cases.first { $0.name == CheckCase.invariants })
        #expect(!invariants.passed)
        #expect(invariants.message.hasPrefix("invariant broken at record 13 (t=7.300s), s2c u: energy.minimum: energy is 88"))
        #expect(
            invariants.message.hasSuffix(
                "state before (−) and after (+) the record:\n− energy: 98\n+ energy: 88\n− money: 555\n+ money: 55"))
        #expect(HoppingAdapter.made == 2)
    }

    @Test func everyTapeOfAFolderIsCheckedInPathOrder() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let second = try fixtures.tape(fixture: "session", as: "b-session", subfolder: "corpus")
        let first = try fixtures.tape(fixture: "reconnect", as: "a-reconnect", subfolder: "corpus")
        let reports = try await AppReplay(goldens: fixtures.directory + "/Goldens") { HoppingAdapter() }
            .check(folder: fixtures.directory + "/corpus")
        #expect(reports.map(\.path) == [first, second])
        #expect(fixtures.exists("Goldens/b-session/end.json"))
        await #expect(throws: CheckRunnerError.self) {
            try await AppReplay(goldens: fixtures.directory + "/Goldens") { HoppingAdapter() }.check(folder: second)
        }
    }

    @Test func twoVersionsOfTheAppAreComparedRecordByRecord() async throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        #expect(try await compareApps(tapes: [tape], { HoppingAdapter() }, { HoppingAdapter() }) == nil)
        let divergence = try #require(
            try await compareApps(tapes: [tape], { HoppingAdapter() }, { HoppingAdapter(ignoresEnergy: true) }))
        #expect(divergence.position.record == 4)
        #expect(divergence.diff.changedPaths == ["energy"])
        #expect(
            try await compareApps(
                tapes: [tape], ignoring: ["energy"], { HoppingAdapter() }, { HoppingAdapter(ignoresEnergy: true) }) == nil)
    }
}
