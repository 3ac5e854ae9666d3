import Foundation
import TapedeckCatalog
import Testing

/// The committed regression corpus (Recordings/, made by scripts/record-corpus.sh) checked the way
/// CI checks it: `tapedeck check Recordings --record none`. A change to the client state machines
/// that moves the state at any checkpoint, or breaks an invariant anywhere in a tape, fails here.
@Suite struct RecordingsCorpusTests {
    static let corpus = TapedeckBinary.repositoryRoot.appendingPathComponent("Recordings").path

    /// Every tape of the corpus and its checkpoints, in the order of its `.checkpoints` file.
    static let expected: [String: [String]] = [
        "connect": ["connected", "closed"],
        "character-created": ["character-created", "setup-complete", "statistics"],
        "core-loop": ["character-created", "habit-quit", "focus-set", "messaged", "matched", "after-date"],
        "store-purchase": ["character-created", "diamonds-bought", "energy-refilled", "time-skipped", "end"],
        "time-simulation": ["character-created", "fast", "paused", "slow", "end"],
        "five-minute-session": ["character-created", "fastest", "first-life-event", "first-claim", "first-question", "end"],
        "questions": ["character-created", "question-shown", "question-answered", "resumed", "end"],
        "claimable-events": ["character-created", "loss-claimed", "first-achievement", "end"],
        "retention": ["character-created", "daily-reward", "account", "end"],
        "conversations": ["character-created", "conversation", "quest-claimed", "question-answered", "end"],
        "recovery": ["character-created", "answer-sent", "refused", "restarted", "end"],
        "setbacks": ["character-created", "before-late-claim", "end"],
        "refused": ["refused"],
        "returning-player": ["returned", "end"],
        // Session tapes: drops and reconnects (issue 43).
        "drop-reconnect": ["purchase-sent", "dropped", "reopened", "resynced", "end"],
        "claim-in-flight": ["loss", "claim-in-flight", "resynced", "end"],
        "close-code": ["closed-by-server", "reopened", "playing-again", "end"],
        "refused-then-accepted": ["first-refusal", "second-refusal", "connected", "end"],
    ]

    /// One `testsuite` of the JUnit report: its tape, counts and case names in order.
    struct Suite: Equatable {
        var tape: String
        var tests: Int
        var failures: Int
        var cases: [String]
    }

    static func suites(inJUnit xml: String) -> [Suite] {
        var suites: [Suite] = []
        for line in xml.split(separator: "\n") {
            let text = String(line)
            if text.hasPrefix("  <testsuite "), let name = attribute("name", in: text) {
                let tape = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
                suites.append(
                    Suite(
                        tape: tape, tests: Int(attribute("tests", in: text) ?? "") ?? -1,
                        failures: Int(attribute("failures", in: text) ?? "") ?? -1, cases: []))
            } else if text.hasPrefix("    <testcase "), let name = attribute("name", in: text), !suites.isEmpty {
                suites[suites.count - 1].cases.append(name)
            }
        }
        return suites
    }

    static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Runs `check Recordings --record none` with JUnit and catalog in `folder`; returns the JUnit text.
    static func check(into folder: URL, catalog: String) async throws -> (TapedeckBinary.Result, String) {
        let junit = folder.appendingPathComponent("junit-\(UUID().uuidString).xml").path
        let run = try await TapedeckBinary.run(["check", corpus, "--record", "none", "--junit", junit, "--catalog", catalog])
        let xml = (try? String(contentsOfFile: junit, encoding: .utf8)) ?? ""
        return (run, xml)
    }

    @Test func everyTapeAndCheckpointPasses() async throws {
        let folder = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, xml) = try await Self.check(into: folder, catalog: folder.appendingPathComponent("catalog.sqlite").path)
        #expect(run.status == 0, "check exited \(run.status):\n\(run.stdout)\n\(run.stderr)")

        let suites = Self.suites(inJUnit: xml)
        #expect(suites.map(\.tape).sorted() == Self.expected.keys.sorted(), "tapes in the corpus: \(suites.map(\.tape))")
        for suite in suites {
            let checkpoints = Self.expected[suite.tape] ?? []
            // One case per checkpoint, then `invariants` and `tape`.
            #expect(suite.cases == checkpoints + ["invariants", "tape"], "\(suite.tape)")
            #expect(suite.tests == checkpoints.count + 2, "\(suite.tape)")
            #expect(suite.failures == 0, "\(suite.tape) has failing cases:\n\(run.stdout)")
        }
        let total = Self.expected.values.reduce(0) { $0 + $1.count + 2 }
        #expect(
            run.stdout.contains(
                "checked \(Self.expected.count) tapes and \(total) cases: \(Self.expected.count) tapes passed, 0 failed"),
            "\(run.stdout)")
        // Every checkpoint named in the table has its committed golden.
        for (tape, checkpoints) in Self.expected {
            for checkpoint in checkpoints {
                let golden = "\(Self.corpus)/\(tape).golden/\(checkpoint).json"
                #expect(FileManager.default.fileExists(atPath: golden), "missing \(golden)")
            }
        }
    }

    /// A corpus tape serves its own scenario back (`scenario run --tape`): the `advance` messages the
    /// proxy recorded are not client messages to match, and answers keep the tape's order. The
    /// five-minute session is left out: its tape spans under a second of real time, so served back,
    /// the recorded close arrives during the scenario's `wait 5m`. So is `returning-player`, whose
    /// tape is only the second of its two connections. Each `connect` gets the next recorded
    /// connection, ending as recorded: `refused`'s failed upgrade (its server was down), the
    /// session tapes' drop, close with 4001 and two refused upgrades.
    @Test(arguments: [
        ("connect", "connect"), ("character-created", "character-creation"), ("core-loop", "core-loop"),
        ("store-purchase", "store"), ("time-simulation", "time-simulation"), ("questions", "questions"),
        ("claimable-events", "claimable-events"), ("conversations", "conversations"), ("recovery", "recovery"),
        ("setbacks", "setbacks"), ("drop-reconnect", "drop-reconnect"), ("claim-in-flight", "claim-in-flight"),
        ("close-code", "close-code"), ("refused-then-accepted", "refused-then-accepted"), ("refused", "refused"),
    ])
    func tapeServesItsOwnScenario(tape: String, scenario: String) async throws {
        let root = TapedeckBinary.repositoryRoot.path
        let run = try await TapedeckBinary.run([
            "scenario", "run", "\(root)/Scenarios/\(scenario).scenario",
            "--tape", "\(Self.corpus)/\(tape).tape", "--match-fields", "eventId,personId",
        ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("PASS \(scenario):"), "\(run.stdout)")
        #expect(!run.stdout.contains("unmatched send"), "\(run.stdout)")
        #expect(!run.stdout.contains("⚠ the tape recorded"), "every recorded connection was opened:\n\(run.stdout)")
    }

    /// The corpus is byte-stable: two checks give the same report, the same JUnit bytes and the
    /// same digest for every case, and `--record none` writes nothing into the folder.
    @Test func checkingTwiceGivesTheSameDigests() async throws {
        let folder = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("catalog.sqlite").path
        let before = try FileManager.default.subpathsOfDirectory(atPath: Self.corpus).sorted()
        let (first, firstXML) = try await Self.check(into: folder, catalog: catalog)
        let (second, secondXML) = try await Self.check(into: folder, catalog: catalog)
        #expect(first.status == 0 && second.status == 0, "\(first.stdout)\n\(second.stdout)")
        #expect(first.stdout == second.stdout)
        #expect(!firstXML.isEmpty && firstXML == secondXML)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: Self.corpus).sorted() == before)

        let store = try Catalog(path: catalog)
        let tapes = try store.checkedTapePaths()
        #expect(tapes.count == Self.expected.count)
        var compared = 0
        for tape in tapes {
            let rows = try store.results(tapePath: tape)
            let runs = Set(rows.map(\.run)).sorted()
            #expect(runs.count == 2, "\(tape): runs \(runs)")
            guard runs.count == 2 else { continue }
            func digests(_ run: Int) -> [String: String] {
                Dictionary(
                    rows.filter { $0.run == run }.map { ($0.checkpoint, $0.digest ?? "") }, uniquingKeysWith: { a, _ in a })
            }
            let one = digests(runs[0])
            let two = digests(runs[1])
            #expect(one == two, "\(tape): digests differ between runs")
            let name = URL(fileURLWithPath: tape).deletingPathExtension().lastPathComponent
            for checkpoint in Self.expected[name] ?? [] {
                #expect(one[checkpoint]?.count == 64, "\(tape) \(checkpoint): digest \(one[checkpoint] ?? "none")")
                compared += 1
            }
        }
        #expect(compared == Self.expected.values.reduce(0) { $0 + $1.count })
    }
}
